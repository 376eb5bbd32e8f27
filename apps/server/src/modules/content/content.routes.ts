import type { FastifyInstance } from 'fastify';
import { contentRoutes as contentTable, endpoints } from '@gemstore/contracts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';

export async function contentRoutes(app: FastifyInstance) {
  const { content } = app.services;
  registerEndpoints(app, endpointsOf(endpoints, contentTable), {
    pageCategories: (request) => content.pageCategories(request.ctx),
    policyPages: (request) => content.placedPages(request.ctx, 'policy'),
    knowUsPages: (request) => content.placedPages(request.ctx, 'know_us'),
    page: (request) => content.page(request.ctx, request.params.id),
    posts: (request) => content.posts(request.ctx, request.query.page),
    postsByCategory: (request) => content.posts(request.ctx, request.query.page, request.params.id),
    postCategories: (request) => content.postCategories(request.ctx),
    post: (request) => content.post(request.ctx, request.params.url),
  });
}

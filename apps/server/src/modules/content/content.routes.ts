import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdOrUrl, PageCategoriesResponse, PageQuery, PageResponse, PagesResponse, PostCategoriesResponse, PostResponse, PostsResponse,
} from '@gemstore/contracts';
import * as service from './content.service.ts';

const RefParams = z.object({ id: IdOrUrl });

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  app.get('/page-categories-all', { schema: { response: { 200: PageCategoriesResponse } } },
    async (request) => service.getPageCategories(db, request.ctx));
  app.get('/policy-pages', { schema: { response: { 200: PagesResponse } } },
    async (request) => service.getPlacedPages(db, request.ctx, 'policy'));
  app.get('/know-us-pages', { schema: { response: { 200: PagesResponse } } },
    async (request) => service.getPlacedPages(db, request.ctx, 'know_us'));
  app.get('/page/:id', { schema: { params: RefParams, response: { 200: PageResponse } } },
    async (request) => service.getPage(db, request.ctx, request.params.id));

  app.get('/posts', { schema: { querystring: PageQuery, response: { 200: PostsResponse } } },
    async (request) => service.getPosts(db, request.ctx, request.query.page));
  app.get('/posts-by-category-id/:id', { schema: { params: RefParams, querystring: PageQuery, response: { 200: PostsResponse } } },
    async (request) => service.getPosts(db, request.ctx, request.query.page, request.params.id));
  app.get('/post-categories', { schema: { response: { 200: PostCategoriesResponse } } },
    async (request) => service.getPostCategories(db, request.ctx));
  app.get('/post/:url', { schema: { params: z.object({ url: IdOrUrl }), response: { 200: PostResponse } } },
    async (request) => service.getPost(db, request.ctx, request.params.url));
};

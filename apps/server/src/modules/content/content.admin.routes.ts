import type { FastifyInstance } from 'fastify';
import { adminContentRoutes, endpoints } from '@gemstore/contracts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';

/** The back office's blog, pages and home page (/api/admin/...): staff of the store with the `content` capability. */
export async function contentAdminRoutes(app: FastifyInstance) {
  const { contentAdmin, storesAdmin } = app.services;
  registerEndpoints(app, endpointsOf(endpoints, adminContentRoutes), {
    adminPosts: (request) => contentAdmin.posts(request.ctx, request.query),
    adminPost: (request) => contentAdmin.post(request.ctx, request.params.id),
    adminCreatePost: (request) => contentAdmin.createPost(request.ctx, request.body),
    adminUpdatePost: (request) => contentAdmin.updatePost(request.ctx, request.params.id, request.body),
    adminDeletePost: (request) => contentAdmin.deletePost(request.ctx, request.params.id),
    adminPostCategories: (request) => contentAdmin.postCategories(request.ctx),
    adminCreatePostCategory: (request) => contentAdmin.createPostCategory(request.ctx, request.body),
    adminUpdatePostCategory: (request) => contentAdmin.updatePostCategory(request.ctx, request.params.id, request.body),
    adminDeletePostCategory: (request) => contentAdmin.deletePostCategory(request.ctx, request.params.id),
    adminPages: (request) => contentAdmin.pages(request.ctx),
    adminPage: (request) => contentAdmin.page(request.ctx, request.params.id),
    adminCreatePage: (request) => contentAdmin.createPage(request.ctx, request.body),
    adminUpdatePage: (request) => contentAdmin.updatePage(request.ctx, request.params.id, request.body),
    adminDeletePage: (request) => contentAdmin.deletePage(request.ctx, request.params.id),
    adminCreatePageCategory: (request) => contentAdmin.createPageCategory(request.ctx, request.body),
    adminUpdatePageCategory: (request) => contentAdmin.updatePageCategory(request.ctx, request.params.id, request.body),
    adminDeletePageCategory: (request) => contentAdmin.deletePageCategory(request.ctx, request.params.id),
    // The slider and banners live in the store's configuration (the stores module's).
    adminHome: (request) => storesAdmin.home(request.ctx),
    adminUpdateHome: (request) => storesAdmin.updateHome(request.ctx, request.body),
  });
}

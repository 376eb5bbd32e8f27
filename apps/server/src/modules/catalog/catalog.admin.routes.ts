import type { FastifyInstance } from 'fastify';
import { adminCatalogRoutes, endpoints, STONE_CSV_COLUMNS } from '@gemstore/contracts';
import { sendCsv } from '../../lib/csv.ts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';

/** The back office's catalogue calls (/api/admin/...): staff of the store only (the endpoint table's access). */
export async function catalogAdminRoutes(app: FastifyInstance) {
  const { catalogAdmin } = app.services;
  registerEndpoints(app, endpointsOf(endpoints, adminCatalogRoutes), {
    adminCatalog: (request) => catalogAdmin.catalog(request.ctx),
    adminCreateCategory: (request) => catalogAdmin.createCategory(request.ctx, request.body),
    adminUpdateCategory: (request) => catalogAdmin.updateCategory(request.ctx, request.params.id, request.body),
    adminDeleteCategory: (request) => catalogAdmin.deleteCategory(request.ctx, request.params.id),
    adminCreateProduct: (request) => catalogAdmin.createProduct(request.ctx, request.body),
    adminUpdateProduct: (request) => catalogAdmin.updateProduct(request.ctx, request.params.id, request.body),
    adminDeleteProduct: (request) => catalogAdmin.deleteProduct(request.ctx, request.params.id),
    adminCreateAttributeValue: (request) => catalogAdmin.createAttributeValue(request.ctx, request.params.kind, request.body),
    adminUpdateAttributeValue: (request) => catalogAdmin.updateAttributeValue(request.ctx, request.params.kind, request.params.id, request.body),
    adminDeleteAttributeValue: (request) => catalogAdmin.deleteAttributeValue(request.ctx, request.params.kind, request.params.id),
    adminStones: (request) => catalogAdmin.stones(request.ctx, request.query),
    adminStone: (request) => catalogAdmin.stone(request.ctx, request.params.id),
    adminCreateStone: (request) => catalogAdmin.createStone(request.ctx, request.body),
    adminUpdateStone: (request) => catalogAdmin.updateStone(request.ctx, request.params.id, request.body),
    adminBulkStones: (request) => catalogAdmin.bulkStones(request.ctx, request.body),
    adminStonesExport: async (request, reply) => sendCsv(reply, request.log, catalogAdmin.exportStones(request.ctx, request.query), STONE_CSV_COLUMNS, 'stones'),
  });
}

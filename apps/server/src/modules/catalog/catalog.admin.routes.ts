import { pipeline, Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { stringify } from 'csv-stringify';
import { adminCatalogRoutes, endpoints, STONE_CSV_COLUMNS } from '@gemstore/contracts';
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
    adminStonesExport: async (request, reply) => {
      const batches = catalogAdmin.exportStones(request.ctx, request.query);
      const rows = Readable.from((async function* () { for await (const batch of batches) yield* batch; })());
      // Streamed as read: a spreadsheet's BOM for UTF-8, and cells that would start a formula guarded with an apostrophe.
      const csv = pipeline(rows, stringify({ header: true, columns: [...STONE_CSV_COLUMNS], bom: true, escape_formulas: true }), (err) => {
        if (err) request.log.error({ err }, 'stone export stopped');
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply.type('text/csv; charset=utf-8').header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="stones-${day}.csv"`).send(csv);
    },
  });
}

import type { FastifyInstance } from 'fastify';
import { adminOrderNumberRoutes, adminOrderRoutes, endpoints, ORDER_CSV_COLUMNS } from '@gemstore/contracts';
import { sendCsv } from '../../lib/csv.ts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';

/** The back office's orders (/api/admin/orders, capability `orders`), refunds (capability `refunds`) and order numbers (capability `settings`). */
export async function ordersAdminRoutes(app: FastifyInstance) {
  const { adminOrders, adminReturns } = app.flows;
  registerEndpoints(app, endpointsOf(endpoints, adminOrderRoutes), {
    adminOrders: (request) => adminOrders.list(request.ctx, request.query),
    adminOrdersExport: async (request, reply) => sendCsv(reply, request.log, adminOrders.export(request.ctx, request.query), ORDER_CSV_COLUMNS, 'orders'),
    adminOrder: (request) => adminOrders.get(request.ctx, request.params.id),
    adminOrderDispatch: (request) => adminOrders.dispatch(request.ctx, request.params.id, request.body),
    adminOrderDeliver: (request) => adminOrders.deliver(request.ctx, request.params.id),
    adminOrderCancel: (request) => adminOrders.cancel(request.ctx, request.params.id, request.body),
    adminOrderNote: (request) => adminOrders.note(request.ctx, request.params.id, request.body.note),
    adminOrderRefund: (request) => adminOrders.refund(request.ctx, request.params.id, request.body),
    adminRefunds: (request) => adminReturns.owed(request.ctx),
  });
  registerEndpoints(app, endpointsOf(endpoints, adminOrderNumberRoutes), {
    adminOrderNumbering: (request) => adminOrders.numbering(request.ctx),
    adminUpdateOrderNumbering: (request) => adminOrders.setNumbering(request.ctx, request.body),
    adminStoneOrders: (request) => adminOrders.ofStone(request.ctx, request.params.id),
  });
}

import type { FastifyInstance } from 'fastify';
import { endpoints, orderRoutes } from '@gemstore/contracts';
import { customerContext } from '../../lib/context.ts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';

export async function ordersRoutes(app: FastifyInstance) {
  const { orders } = app.services;
  const { checkout, orders: orderViews, payment } = app.flows;
  registerEndpoints(app, endpointsOf(endpoints, orderRoutes), {
    paymentMethods: async (request) => orders.paymentMethods(customerContext(request)),
    checkoutQuote: (request) => checkout.quote(customerContext(request), request.body),
    placeOrder: (request) => checkout.placeOrder(customerContext(request), request.body),
    orders: (request) => orderViews.listOrders(customerContext(request)),
    order: (request) => orderViews.getOrder(customerContext(request), request.body.orderId),
    retryPay: (request) => payment.preparePayment(customerContext(request), request.body.orderId),
  });
}

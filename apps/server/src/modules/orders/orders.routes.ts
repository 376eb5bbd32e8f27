import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OrderIdBody, OrderResponse, OrdersResponse, PayQuery, PaymentMethodsResponse, PlaceOrderBody, PlaceOrderResponse } from '@gemstore/contracts';
import { customerContext } from '../../lib/customer-context.ts';
import { customerOnly } from '../../plugins/auth.ts';
import * as service from './orders.service.ts';

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post('/payment-methods', { onRequest: customerOnly, schema: { response: { 200: PaymentMethodsResponse } } },
    async (request) => service.listPaymentMethods(customerContext(request)));
  app.post('/place-order', { onRequest: customerOnly, schema: { body: PlaceOrderBody, response: { 200: PlaceOrderResponse } } },
    async (request) => service.placeOrder(db, customerContext(request), request.body));
  app.post('/orders', { onRequest: customerOnly, schema: { response: { 200: OrdersResponse } } },
    async (request) => service.listOrders(db, customerContext(request), app.config.privateMedia));
  app.post('/order', { onRequest: customerOnly, schema: { body: OrderIdBody, response: { 200: OrderResponse } } },
    async (request) => service.getOrder(db, customerContext(request), app.config.privateMedia, request.body.orderId));
  app.post('/retry-pay', { onRequest: customerOnly, schema: { body: OrderIdBody, response: { 200: PayQuery } } },
    async (request) => service.retryPay(db, app.config, customerContext(request), request.body.orderId));
};

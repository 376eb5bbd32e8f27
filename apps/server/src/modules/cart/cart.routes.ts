import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CartAllResponse, CartDeleteBody, CartSaveBody, CartSaveResponse, ItemsByIdsBody, ItemsByIdsResponse, OkResponse } from '@gemstore/contracts';
import { customerContext } from '../../lib/customer-context.ts';
import { customerOnly } from '../../plugins/auth.ts';
import * as service from './cart.service.ts';

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post('/cart-all', { onRequest: customerOnly, schema: { response: { 200: CartAllResponse } } },
    async (request) => service.listCart(db, customerContext(request)));
  app.post('/cart-save', { onRequest: customerOnly, schema: { body: CartSaveBody, response: { 200: CartSaveResponse } } },
    async (request) => service.saveToCart(db, customerContext(request), request.body.itemId));
  app.post('/cart-delete', { onRequest: customerOnly, schema: { body: CartDeleteBody, response: { 200: OkResponse } } },
    async (request) => service.deleteFromCart(db, customerContext(request), request.body.cartId));
  // Public catalogue data (Buy Now and checkout): no sign-in needed.
  app.post('/items-by-ids', { schema: { body: ItemsByIdsBody, response: { 200: ItemsByIdsResponse } } },
    async (request) => service.itemsByIds(db, request.ctx, request.body.itemIds));
};

import type { FastifyInstance } from 'fastify';
import { cartRoutes as cartTable, endpoints } from '@gemstore/contracts';
import { customerContext } from '../../lib/context.ts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';

export async function cartRoutes(app: FastifyInstance) {
  const { cart } = app.services;
  registerEndpoints(app, endpointsOf(endpoints, cartTable), {
    cartAll: (request) => cart.list(customerContext(request)),
    cartSave: (request) => cart.save(customerContext(request), request.body.itemId),
    cartDelete: (request) => cart.remove(customerContext(request), request.body.cartId),
    cartMerge: (request) => cart.merge(customerContext(request), request.body.itemIds),
    // Public catalogue data (Buy Now and checkout): no sign-in needed.
    itemsByIds: (request) => cart.itemsByIds(request.ctx, request.body.itemIds),
  }, {
    // POSTs that only read: they mark no write (plugins/read-replica.ts); the cart and its stones are still read from the primary.
    cartAll: { config: { readsOnly: true } },
    itemsByIds: { config: { readsOnly: true } },
  });
}

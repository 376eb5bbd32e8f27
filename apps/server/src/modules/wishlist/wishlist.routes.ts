import type { FastifyInstance } from 'fastify';
import { endpoints, wishlistRoutes as wishlistTable } from '@gemstore/contracts';
import { customerContext } from '../../lib/context.ts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';

export async function wishlistRoutes(app: FastifyInstance) {
  const { wishlist } = app.services;
  registerEndpoints(app, endpointsOf(endpoints, wishlistTable), {
    wishlist: (request) => wishlist.list(customerContext(request)),
    wishlistSave: (request) => wishlist.save(customerContext(request), request.body.itemId),
    wishlistDelete: (request) => wishlist.remove(customerContext(request), request.body.itemId),
  });
}

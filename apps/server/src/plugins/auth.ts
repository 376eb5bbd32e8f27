import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { UnauthorizedError } from '../lib/errors.ts';

/**
 * Bearer tokens -> customer or staff (docs/architecture.md, "Customers and staff"). Register after the tenant plugin.
 *
 * Under /api/admin a bearer token is looked up among the back-office tokens of the store only and
 * the actor becomes that staff member; any other token there (a customer's, another store's, a
 * revoked one) answers 401 at once. Everywhere else only customers' tokens count, so a staff token
 * signs nobody in on the storefront API.
 *
 * On every /api request with a store and an `Authorization: Bearer <token>` header, the auth
 * service looks the token up among the live tokens of that store only (a token of one store is
 * unknown in every other) and the request's actor becomes that customer. A missing, revoked, idle
 * or foreign token leaves the request a guest: public calls still work. Customer calls of the
 * endpoint table answer 401 to a guest (lib/endpoints.ts).
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  const { auth, staff } = app.services;
  app.addHook('onRequest', async (request) => {
    // ctx is unset on routes without a tenant (skipTenant) and outside /api.
    if (!request.ctx) return;
    if (request.url.startsWith('/api/admin/')) {
      if (request.headers.authorization === undefined) return;
      const token = bearerToken(request);
      const actor = token ? await staff.actorOfToken(request.ctx, token) : null;
      if (!actor) throw new UnauthorizedError('Please sign in to the back office again.', 'invalid_staff_token');
      request.ctx.actor = actor;
      return;
    }
    const token = bearerToken(request);
    if (!token) return;
    const customerId = await auth.customerOfToken(request.ctx, token);
    if (customerId) request.ctx.actor = { kind: 'customer', customerId };
  });
});

/** The raw bearer token of the request, if it carries one of plausible shape. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const m = /^Bearer\s+([A-Za-z0-9._~+/=-]{16,200})\s*$/i.exec(header);
  return m?.[1];
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Bearer tokens -> customer (ARCHITECTURE.md rule 6). Register after the tenant plugin.
 *
 * On every /api request with a store and an `Authorization: Bearer <token>` header, the auth
 * service looks the token up among the live tokens of that store only (a token of one store is
 * unknown in every other) and the request's actor becomes that customer. A missing, revoked, idle
 * or foreign token leaves the request a guest: public calls still work. Customer calls of the
 * endpoint table answer 401 to a guest (lib/endpoints.ts).
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  const { auth } = app.services;
  app.addHook('onRequest', async (request) => {
    // ctx is unset on routes without a tenant (skipTenant) and outside /api.
    if (!request.ctx) return;
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

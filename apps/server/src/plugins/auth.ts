import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { UnauthorizedError } from '../lib/errors.ts';
import { hashToken } from '../lib/secrets.ts';
import { findActiveToken, touchToken } from '../modules/auth/auth.repo.ts';

/**
 * Bearer tokens -> customer (ARCHITECTURE.md rule 6). Register after the tenant plugin.
 *
 * On every /api request with a store and an `Authorization: Bearer <token>` header, the token's
 * SHA-256 is looked up among the live tokens of that store only (a token of one store is unknown
 * in every other) and `request.ctx.customerId` is set. A missing, revoked, idle or foreign token
 * leaves the request a guest: public calls still work.
 *
 * In a module:
 *   app.post('/cart-all', { preValidation: customerOnly, schema }, async (request) => {
 *     const customerId = requireCustomer(request);   // 401 when signed out
 *     return service.listCart(app.db, request.ctx, ...);
 *   });
 * Either line alone is enough: `customerOnly` answers 401 before the body is validated (a
 * signed-out caller gets 401, not 422), `requireCustomer` also returns the id.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  const idleMs = app.config.auth.tokenIdleDays * 86400_000;
  app.addHook('onRequest', async (request) => {
    // ctx is unset on routes without a tenant (skipTenant) and outside /api.
    if (!request.ctx) return;
    const token = bearerToken(request);
    if (!token) return;
    const now = Date.now();
    const found = await findActiveToken(app.db, request.ctx.store.id, hashToken(token), new Date(now - idleMs));
    if (!found) return;
    // lastUsedAt drives the idle expiry; writing it at most every 5 minutes keeps reads cheap.
    if (now - found.lastUsedAt.getTime() > 5 * 60_000) await touchToken(app.db, found.id, new Date(now));
    request.ctx.customerId = found.customerId;
  });
});

/** The raw bearer token of the request, if it carries one of plausible shape. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const m = /^Bearer\s+([A-Za-z0-9._~+/=-]{16,200})\s*$/i.exec(header);
  return m?.[1];
}

/** The signed-in customer's id; 401 when the request has no valid token for this store. */
export function requireCustomer(request: FastifyRequest): number {
  const id = request.ctx?.customerId;
  if (!id) throw new UnauthorizedError();
  return id;
}

/** Hook form of requireCustomer, for a route's `preValidation` (or `preHandler`). */
export async function customerOnly(request: FastifyRequest): Promise<void> {
  requireCustomer(request);
}

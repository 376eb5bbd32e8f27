import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ReadRouting } from '../lib/read-replica.ts';

/** The cookie that keeps a caller who just wrote on the primary (its value: until when, in Unix seconds). */
export const RECENT_WRITE_COOKIE = 'gs_wrote';

/** A request that changes nothing: GET and HEAD, and the POSTs that only read (a listing's filter in the body) say so in their route's config. */
function onlyReads(request: FastifyRequest): boolean {
  return request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS' || request.routeOptions.config?.readsOnly === true;
}

const MARKER = new RegExp(`(?:^|;\\s*)(${RECENT_WRITE_COOKIE}=(\\d{1,12}))\\s*(?:;|$)`);

/** The request's recent-write marker (`gs_wrote=…`) while it has not run out; undefined otherwise. */
export function recentWriteMarker(cookieHeader: string | undefined): string | undefined {
  const match = cookieHeader ? MARKER.exec(cookieHeader) : null;
  return match && Number(match[2]) * 1000 > Date.now() ? match[1] : undefined;
}

/**
 * Decides, per request, whether its public reads may go to the read replica
 * (docs/decisions/0042-read-replica-and-balancer.md), and marks callers who just wrote so their next
 * requests, on whichever process, read the primary: a write's answer sets a cookie for as long as
 * the replica may lag (READ_REPLICA_MAX_LAG_SECONDS and one check). Staff always read the primary;
 * so does every request that writes. Register after the auth plugin (it needs the actor). With no
 * replica configured it does nothing.
 */
export const readReplicaPlugin = fp(async (app: FastifyInstance, { routing }: { routing: ReadRouting }) => {
  if (!routing.replicated) return;
  app.addHook('onRequest', async (request) => {
    if (!request.ctx) return;
    request.ctx.replicaReads = request.ctx.actor.kind !== 'staff' && onlyReads(request) && recentWriteMarker(request.headers.cookie) === undefined;
  });
  app.addHook('onSend', async (request, reply) => {
    if (onlyReads(request) || reply.statusCode >= 400) return;
    const until = Math.ceil(Date.now() / 1000) + routing.readYourWritesSeconds;
    const cookie = `${RECENT_WRITE_COOKIE}=${until}; Max-Age=${routing.readYourWritesSeconds}; Path=/; HttpOnly; SameSite=Lax${request.protocol === 'https' ? '; Secure' : ''}`;
    const set = reply.getHeader('set-cookie');
    reply.header('set-cookie', set === undefined ? cookie : [...(Array.isArray(set) ? set : [String(set)]), cookie]);
  });
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A POST that changes nothing (a listing's filter sent in the body): it may read the replica and marks no write. */
    readsOnly?: boolean;
  }
}

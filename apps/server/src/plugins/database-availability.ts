import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type DbHandle, databaseFailureOf } from '@gemstore/db';
import { DatabaseUnavailableError } from '../lib/errors.ts';


/** How often, while the database is out of reach, one statement asks whether it is back. */
const PROBE_INTERVAL_MS = 200;

function needsDatabase(request: FastifyRequest): boolean {
  if (request.routeOptions.config?.answersWhileDatabaseDown) return false;
  // The API and the payment host pages; rendered pages call the API and show its failure themselves.
  return request.url.startsWith('/api/') || request.url.startsWith('/pay/');
}

/**
 * Fails requests fast while the database cannot be reached
 * (docs/decisions/0015-outages-and-shutdown.md). Once a request finds that no connection can be made, API
 * and payment requests answer 503 database_unavailable at once instead of waiting in the driver's
 * queue: postgres.js hands a queued query to a connection only as that connection tries to connect
 * again, so under load each request would wait for many attempts bound to fail. Meanwhile the
 * database is asked every PROBE_INTERVAL_MS on a connection of its own; at its first answer the pool
 * is renewed and requests go through again. A connection that breaks while the database can still
 * be reached (a restarted backend) fails only its own request.
 */
export const databaseAvailabilityPlugin = fp(async (app: FastifyInstance, options: { connections?: Pick<DbHandle, 'ping' | 'renewConnections'> }) => {
  const connections = options.connections ?? { ping: () => app.services.health.ping(), renewConnections: () => {} };
  let downSince: number | null = null;
  let probing: Promise<void> | null = null;
  let closing = false;

  async function probeUntilBack() {
    while (!closing) {
      await new Promise((r) => setTimeout(r, PROBE_INTERVAL_MS));
      if (closing) return;
      try {
        await connections.ping();
        connections.renewConnections();
        app.log.warn({ unreachableSeconds: Number(((performance.now() - downSince!) / 1000).toFixed(1)) }, 'database reachable again; serving requests');
        downSince = null;
        return;
      } catch (err) {
        // Still away while connecting fails or the connection breaks; any other failure is the database answering.
        if (!databaseFailureOf(err)) {
          connections.renewConnections();
          downSince = null;
          return;
        }
      }
    }
  }

  app.addHook('onError', async (_request, _reply, error) => {
    const failure = databaseFailureOf(error);
    if (downSince !== null || closing || failure?.kind !== 'unreachable') return;
    downSince = performance.now();
    app.log.warn({ code: failure.code }, 'database unreachable; answering 503 until it is back');
    probing = probeUntilBack().finally(() => { probing = null; });
  });

  app.addHook('onRequest', async (request) => {
    if (downSince !== null && needsDatabase(request)) throw new DatabaseUnavailableError();
  });

  app.addHook('onClose', async () => {
    closing = true;
    await probing;
  });
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes that ask the database themselves even while requests are being failed fast (health). */
    answersWhileDatabaseDown?: boolean;
  }
}

import type { HealthReadyResponse, HealthResponse } from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import { AppError } from '../../lib/errors.ts';
import type { ReadRouting } from '../../lib/read-replica.ts';
import { pingDatabase } from './health.repo.ts';

/** 503 of a process that has been told to stop: the balancer takes it out while it finishes what it has. */
export class DrainingError extends AppError {
  constructor() { super('This server process is shutting down; another one takes new requests.', 'draining'); }
}

/**
 * Whether the server can do its work: the process runs (live), and it takes new requests (ready:
 * not draining, and the database answers). Needs no store or caller.
 */
export function createHealthService({ db, readRouting }: { db: Database; readRouting: ReadRouting }) {
  let draining = false;
  return {
    /** The cheapest statement the database must answer itself; throws when it cannot. */
    ping: () => pingDatabase(db),
    /** Healthy when the database answers; its failure reaches the error handler as 503 database_unavailable. */
    async check(): Promise<HealthResponse> {
      await pingDatabase(db);
      return { status: 'ok' };
    },
    /** The process runs and answers: nothing else is asked (a database outage must not get every process restarted). */
    live: (): HealthResponse => ({ status: 'ok' }),
    /** Takes new requests: not draining, and the database answers; says where public reads go. */
    async ready(): Promise<HealthReadyResponse> {
      if (draining) throw new DrainingError();
      await pingDatabase(db);
      return { status: 'ok', replica: readRouting.status() };
    },
    /** From now on the process is not ready (main.ts calls it on SIGTERM, before it stops accepting connections). */
    drain(): void {
      draining = true;
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;

import type { HealthResponse } from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import { pingDatabase } from './health.repo.ts';

/** Whether the server can do its work: the database answers. Needs no store or caller. */
export function createHealthService({ db }: { db: Database }) {
  return {
    /** The cheapest statement the database must answer itself; throws when it cannot. */
    ping: () => pingDatabase(db),
    /** Healthy when the database answers; its failure reaches the error handler as 503 database_unavailable. */
    async check(): Promise<HealthResponse> {
      await pingDatabase(db);
      return { status: 'ok' };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;

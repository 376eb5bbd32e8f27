import type { HealthResponse } from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import { pingDatabase } from './health.repo.ts';

/** Healthy when the database answers; its failure reaches the error handler as 503 database_unavailable. */
export async function checkHealth(db: Database): Promise<HealthResponse> {
  await pingDatabase(db);
  return { status: 'ok' };
}

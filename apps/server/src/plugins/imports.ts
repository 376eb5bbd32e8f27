import type { FastifyInstance } from 'fastify';
import { repeatWhileOpen } from '../lib/repeating-job.ts';

/**
 * Every IMPORT_RUNNER_SECONDS an idle process looks for an import job (queued, or left by a runner
 * that went quiet) and runs it; SKIP LOCKED in the claim lets every replica run one. On close the
 * batch in progress finishes and the job goes back to the queue for the next runner.
 */
export async function importsPlugin(app: FastifyInstance) {
  const seconds = app.config.imports.runnerSeconds;
  if (seconds <= 0) return;
  const { imports } = app.flows;
  repeatWhileOpen(app, seconds, 'import runner failed', async (stopping) => {
    while (!stopping()) {
      const outcome = await imports.runNext({ log: app.log, stopping });
      if (outcome === 'none') return;
      app.log.info({ outcome }, 'import job');
    }
  });
}

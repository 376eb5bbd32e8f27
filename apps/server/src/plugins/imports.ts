import type { FastifyInstance } from 'fastify';

/**
 * Every IMPORT_RUNNER_SECONDS an idle process looks for an import job (queued, or left by a runner
 * that went quiet) and runs it; SKIP LOCKED in the claim lets every replica run one. On close the
 * batch in progress finishes and the job goes back to the queue for the next runner.
 */
export async function importsPlugin(app: FastifyInstance) {
  const seconds = app.config.imports.runnerSeconds;
  if (seconds <= 0) return;
  const { imports } = app.flows;
  let stopping = false;
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running || stopping) return;
    running = (async () => {
      while (!stopping) {
        const outcome = await imports.runNext({ log: app.log, stopping: () => stopping });
        if (outcome === 'none') return;
        app.log.info({ outcome }, 'import job');
      }
    })()
      .catch((err: unknown) => app.log.error({ err }, 'import runner failed'))
      .finally(() => { running = null; });
  }, seconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    stopping = true;
    clearInterval(timer);
    await running;
  });
}

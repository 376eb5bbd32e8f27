import type { FastifyInstance } from 'fastify';

/**
 * Runs `step` every `seconds` in this process, never two at once (a step that outlasts the
 * interval skips the turns it overlaps). On close the timer stops, a step in progress is told to
 * stop (`stopping()` turns true: it finishes what it holds and returns) and is waited for, so the
 * database closes after it. A step that throws is logged with `failed` and tried again next turn.
 */
export function repeatWhileOpen(app: FastifyInstance, seconds: number, failed: string, step: (stopping: () => boolean) => Promise<void>): void {
  let stopping = false;
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running || stopping) return;
    running = step(() => stopping)
      .catch((err: unknown) => app.log.error({ err }, failed))
      .finally(() => { running = null; });
  }, seconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    stopping = true;
    clearInterval(timer);
    await running;
  });
}

import type { FastifyInstance } from 'fastify';

/**
 * Every RESERVATION_SWEEP_SECONDS, frees the stones of unpaid orders whose reservation lapsed.
 * Every replica runs it; SKIP LOCKED in the sweep keeps them out of each other's way.
 */
export async function reservationsPlugin(app: FastifyInstance) {
  const seconds = app.config.checkout.reservationSweepSeconds;
  if (seconds <= 0) return;
  const { checkout } = app.flows;
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = checkout.releaseExpiredReservations()
      .then((n) => { if (n) app.log.info({ orders: n }, 'expired unpaid orders and freed their stones'); })
      .catch((err: unknown) => app.log.error({ err }, 'reservation sweep failed'))
      .finally(() => { running = null; });
  }, seconds * 1000);
  timer.unref();
  // Let a sweep in progress finish before the database closes.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

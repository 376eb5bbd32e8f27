import type { FastifyInstance } from 'fastify';
import { repeatWhileOpen } from '../lib/repeating-job.ts';

/**
 * Every RESERVATION_SWEEP_SECONDS, frees the stones of unpaid orders whose reservation lapsed.
 * Every replica runs it; SKIP LOCKED in the sweep keeps them out of each other's way. A sweep in
 * progress finishes before the database closes.
 */
export async function reservationsPlugin(app: FastifyInstance) {
  const seconds = app.config.checkout.reservationSweepSeconds;
  if (seconds <= 0) return;
  const { checkout } = app.flows;
  repeatWhileOpen(app, seconds, 'reservation sweep failed', async () => {
    const n = await checkout.releaseExpiredReservations();
    if (n) app.log.info({ orders: n }, 'expired unpaid orders and freed their stones');
  });
}

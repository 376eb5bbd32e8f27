import type { FastifyInstance } from 'fastify';
import { repeatWhileOpen } from '../lib/repeating-job.ts';

/**
 * Every RECONCILE_SECONDS, asks the payment provider about refunds it never confirmed and unpaid
 * orders whose payment never came back (flows/reconciliation.ts). Every replica runs it; SKIP
 * LOCKED in its claims keeps them out of each other's way. On close it stops between two questions
 * and the database closes after it.
 */
export async function reconciliationPlugin(app: FastifyInstance) {
  const seconds = app.config.checkout.reconcile.seconds;
  if (seconds <= 0) return;
  const { reconciliation } = app.flows;
  repeatWhileOpen(app, seconds, 'payment reconciliation failed', async (stopping) => {
    const report = await reconciliation.run({ log: app.log, stopping });
    if (report.refundsSettled || report.paymentsApplied || report.errors) app.log.info(report, 'payment reconciliation');
  });
}

import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Flows } from '../flows/index.ts';
import { IMPORTS_QUEUE } from '../flows/imports.ts';
import type { Jobs } from '../lib/jobs.ts';
import { MESSAGE_QUEUE, type MessageJob } from '../modules/notifications/notifications.service.ts';
import type { Services } from '../services.ts';

/** The queues of background work; each job of them runs in one process, whichever polls first. */
export const RESERVATION_SWEEP_QUEUE = 'reservation-sweep';
export const RECONCILIATION_QUEUE = 'payment-reconciliation';

/** Stalled imports are looked for at most this often, however short IMPORT_STALE_SECONDS is. */
const MIN_STALE_CHECK_SECONDS = 10;

/** The message queue alone: what a script that sends messages (store:create) needs. */
export function defineMessageJob(jobs: Jobs, services: Pick<Services, 'notifications'>, config: Config): void {
  jobs.define<MessageJob>({
    name: MESSAGE_QUEUE,
    run: (data, job) => services.notifications.deliverJob(data, job),
    retry: { limit: config.jobs.messageRetryLimit, delaySeconds: config.jobs.messageRetryDelaySeconds },
    // A send takes seconds (SMS_TIMEOUT_MS, SMTP's timeouts); a job active longer than this lost its process.
    expireSeconds: 300,
    // One at a time in each process, oldest first: a customer's messages leave in the order of their steps.
    concurrency: 1,
  });
}

/** Every queue of the server and the work of its jobs. */
export function defineJobs(jobs: Jobs, services: Services, flows: Flows, config: Config, log: FastifyInstance['log']): void {
  defineMessageJob(jobs, services, config);
  const sweepSeconds = config.checkout.reservationSweepSeconds;
  jobs.define({
    name: RESERVATION_SWEEP_QUEUE,
    ...(sweepSeconds > 0 ? { everySeconds: sweepSeconds } : {}),
    async run() {
      const orders = await flows.checkout.releaseExpiredReservations();
      if (orders) log.info({ orders }, 'expired unpaid orders and freed their stones');
      return { orders };
    },
  });
  const reconcileSeconds = config.checkout.reconcile.seconds;
  jobs.define({
    name: RECONCILIATION_QUEUE,
    ...(reconcileSeconds > 0 ? { everySeconds: reconcileSeconds } : {}),
    async run(_data, _job, stopping) {
      const report = await flows.reconciliation.run({ log, stopping });
      if (report.refundsSettled || report.paymentsApplied || report.errors) log.info(report, 'payment reconciliation');
      return report;
    },
  });
  jobs.define({
    name: IMPORTS_QUEUE,
    everySeconds: Math.max(config.imports.staleSeconds, MIN_STALE_CHECK_SECONDS),
    // An import runs as long as its file takes; its own claim (IMPORT_STALE_SECONDS) tells a live runner from a lost one.
    expireSeconds: 12 * 3600,
    run: (_data, _job, stopping) => flows.imports.runQueued({ log, stopping }),
  });
}

/**
 * Starts the job queue once the app is built: every JOBS_POLL_SECONDS this process runs the due
 * jobs of every queue (docs/decisions/0040). On close it stops looking, lets the jobs in progress
 * finish what they hold (an import hands its file back) and waits for them, so the database closes
 * after them.
 */
export async function jobsPlugin(app: FastifyInstance) {
  defineJobs(app.jobs, app.services, app.flows, app.config, app.log);
  await app.jobs.start();
  app.addHook('onClose', async () => {
    await app.jobs.stop();
  });
}

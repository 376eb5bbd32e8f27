import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What a database pool tells about itself (PostgreSQL; the embedded database has one connection and none). */
export interface PoolStats {
  /** Connections for transactions (as many again serve single statements). */
  connections: number;
  /** Transactions holding a connection. */
  transactionsActive: number;
  /** Transactions waiting for a connection of their own. */
  transactionsWaiting: number;
}

export interface MetricsSources {
  pool?: () => PoolStats | undefined;
  /** Jobs waiting and running per queue, for all processes (read from the database at each scrape). */
  jobs?: () => Promise<Record<string, { waiting: number; active: number }>>;
  /** Messages queued for a sender and not yet delivered, for all processes. */
  outboxBacklog?: () => Promise<number>;
}

/**
 * The process's metrics in Prometheus's format (prom-client), in a registry of the app's own.
 * Counters are this process's; gauges read from the database (jobs queued, outbox backlog) are the
 * same in every process, so a scrape over several workers takes their largest, not their sum.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'gemstore_' });
  const sources: MetricsSources = {};

  const httpDuration = new Histogram({
    name: 'gemstore_http_request_duration_seconds',
    help: 'Requests answered, by method, route pattern and status, with their time from arrival to answer (`_count` is the number of requests).',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobsSent = new Counter({ name: 'gemstore_jobs_sent_total', help: 'Jobs this process sent to the queue, by queue.', labelNames: ['queue'], registers: [registry] });
  const jobsCompleted = new Counter({ name: 'gemstore_jobs_completed_total', help: 'Jobs this process ran to completion, by queue.', labelNames: ['queue'], registers: [registry] });
  const jobsFailed = new Counter({ name: 'gemstore_jobs_failed_total', help: 'Tries of jobs that failed in this process (retried while tries are left), by queue.', labelNames: ['queue'], registers: [registry] });
  const jobDuration = new Histogram({
    name: 'gemstore_job_duration_seconds', help: 'How long a job ran in this process, by queue.', labelNames: ['queue'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120, 600], registers: [registry],
  });
  const cacheLookups = new Counter({
    name: 'gemstore_cache_lookups_total', help: 'Look-ups in this process\'s caches (store by domain, store layout, catalogue lists, rendered pages), by cache and result (hit, miss).',
    labelNames: ['cache', 'result'], registers: [registry],
  });
  new Gauge({
    name: 'gemstore_jobs_queued', help: 'Jobs waiting to run (new, or to be retried), by queue, for all processes.', labelNames: ['queue'], aggregator: 'max', registers: [registry],
    async collect() {
      const counts = await sources.jobs?.().catch(() => undefined);
      this.reset();
      for (const [queue, c] of Object.entries(counts ?? {})) this.set({ queue }, c.waiting);
    },
  });
  new Gauge({
    name: 'gemstore_jobs_active', help: 'Jobs running now, by queue, for all processes.', labelNames: ['queue'], aggregator: 'max', registers: [registry],
    async collect() {
      const counts = await sources.jobs?.().catch(() => undefined);
      this.reset();
      for (const [queue, c] of Object.entries(counts ?? {})) this.set({ queue }, c.active);
    },
  });
  new Gauge({
    name: 'gemstore_outbox_backlog', help: 'Messages queued for SMTP or the SMS provider and not yet delivered, for all processes.', aggregator: 'max', registers: [registry],
    async collect() {
      const n = await sources.outboxBacklog?.().catch(() => undefined);
      if (n !== undefined) this.set(n);
    },
  });
  const pool = (name: string, help: string, pick: (s: PoolStats) => number) => new Gauge({
    name, help, registers: [registry],
    collect() {
      const stats = sources.pool?.();
      if (stats) this.set(pick(stats));
    },
  });
  pool('gemstore_db_pool_transaction_connections', 'PostgreSQL connections this process keeps for transactions (DB_POOL_SIZE).', (s) => s.connections);
  pool('gemstore_db_pool_transactions_active', 'Transactions of this process holding a connection.', (s) => s.transactionsActive);
  pool('gemstore_db_pool_transactions_waiting', 'Transactions of this process waiting for a connection.', (s) => s.transactionsWaiting);
  const poolWait = new Histogram({
    name: 'gemstore_db_pool_wait_seconds', help: 'How long a transaction waited for its connection (and BEGIN) in this process.',
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5], registers: [registry],
  });

  return {
    registry,
    /** Where the gauges read from, set once the app has its database and job queue. */
    sources,
    request(method: string, route: string, statusCode: number, seconds: number): void {
      httpDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
    },
    jobSent(queue: string): void { jobsSent.inc({ queue }); },
    jobFinished(queue: string, outcome: 'completed' | 'failed', seconds: number): void {
      (outcome === 'completed' ? jobsCompleted : jobsFailed).inc({ queue });
      jobDuration.observe({ queue }, seconds);
    },
    cacheLookup(cache: string, hit: boolean): void { cacheLookups.inc({ cache, result: hit ? 'hit' : 'miss' }); },
    poolWaited(seconds: number): void { poolWait.observe(seconds); },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The cache look-ups a service counts (a no-op where nobody listens). */
export interface CacheCounter { cacheLookup(cache: string, hit: boolean): void }
export const NO_CACHE_COUNTER: CacheCounter = { cacheLookup() {} };

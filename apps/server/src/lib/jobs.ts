import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { runSql, type Database, type SqlRunner } from '@gemstore/db';
import { deadlockDetected, type Executor, rowsOf, uniqueViolation } from './db.ts';
import { withoutContactDetails } from './logging.ts';

/**
 * Background work as jobs in the database (pg-boss, schema `pgboss`), on PGlite and PostgreSQL
 * alike (docs/decisions/0040). A job is claimed by one process (`FOR UPDATE SKIP LOCKED`), so it
 * runs once however many processes poll; a job that throws is tried again after a delay that
 * doubles each time, up to its retry limit; work that repeats is sent once per period for all
 * processes together (pg-boss's throttling: one job per queue and period slot).
 */

/** The schema pg-boss keeps its queues and jobs in. */
export const JOBS_SCHEMA = 'pgboss';

export interface JobRetry {
  /** Tries after the first. */
  limit: number;
  /** Seconds before the first retry; each later one waits about twice as long (with jitter). */
  delaySeconds: number;
}

export interface JobInfo {
  id: string;
  /** 0 on the first try. */
  retryCount: number;
  retryLimit: number;
}

export interface JobDefinition<T = unknown> {
  name: string;
  /** The work; what it answers is kept as the job's output. Throwing fails this try. */
  run(data: T, job: JobInfo, stopping: () => boolean): Promise<unknown>;
  /** Sent once per this many seconds for all processes together (none: only when sent). */
  everySeconds?: number;
  retry?: JobRetry;
  /** A job still active this long after it started (its process died) is failed, and retried if it has tries left. */
  expireSeconds?: number;
  /** Jobs of this queue one process runs at once. */
  concurrency?: number;
}

/** What one process did in one pass over the queues. */
export interface JobsRun { ran: number; failed: number }

export interface JobEvents {
  /** A job was sent (not counted when a period's job already existed). */
  sent?(queue: string): void;
  /** A job finished, well or not, after `seconds`. */
  finished?(queue: string, outcome: 'completed' | 'failed', seconds: number): void;
}

export interface JobsOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** How often this process looks for due jobs; 0: never by itself (tests call runDue()). */
  pollSeconds: number;
  events?: JobEvents;
}

/** A value as the `pg` driver would send it: undefined as null, objects (job data, errors) as JSON text. */
function asParameter(value: unknown): unknown {
  if (value === undefined) return null;
  return value !== null && typeof value === 'object' && !(value instanceof Date) && !Array.isArray(value) ? JSON.stringify(value) : value;
}

/** pg-boss's statement with `$n` parameters, as a Drizzle query on a transaction (or the database). */
function drizzleQuery(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql.param(asParameter(values[Number(part) - 1])))), sql.raw(''));
}

/** pg-boss's database: the app's own client, so it needs no pool of its own and runs on PGlite too. */
function bossDatabase(run: SqlRunner) {
  return { executeSql: (text: string, values: unknown[] = []) => run(text, values.map(asParameter)) };
}

/** pg-boss's executor for one send inside the caller's transaction: the job commits or rolls back with it. */
function transactionDatabase(tx: Executor) {
  return { executeSql: async (text: string, values: unknown[] = []) => ({ rows: rowsOf<Record<string, unknown>>(await tx.execute(drizzleQuery(text, values))) }) };
}

function newBoss(db: Database, supervise: boolean): PgBoss {
  return new PgBoss({
    db: bossDatabase(runSql(db)), schema: JOBS_SCHEMA,
    // Maintenance (failing jobs whose process died, archiving finished ones) in processes that poll;
    // pg-boss lets one process at a time do it. Cron schedules are not used: periods are throttled sends.
    supervise, schedule: false, migrate: true,
  } as PgBoss.ConstructorOptions);
}

/**
 * Creates pg-boss's schema, or brings it up to this version, under pg-boss's own lock (any number
 * of processes may start at once). The server does it at start; test setup does it once.
 */
export async function installJobsSchema(db: Database): Promise<void> {
  const boss = newBoss(db, false);
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}

export function createJobs({ db, log, pollSeconds, events = {} }: JobsOptions) {
  const boss = newBoss(db, pollSeconds > 0);
  boss.on('error', (err) => log.error({ err }, 'job queue maintenance failed'));
  const definitions = new Map<string, JobDefinition>();
  const draining = new Map<string, Promise<JobsRun>>();
  /** The period slot each repeating queue was last sent for by this process. */
  const sentSlot = new Map<string, number>();
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;

  function retryOptions(def: JobDefinition | undefined): PgBoss.SendOptions {
    if (!def) return {};
    return {
      ...(def.retry ? { retryLimit: def.retry.limit, retryDelay: def.retry.delaySeconds, retryBackoff: true } : { retryLimit: 0 }),
      ...(def.expireSeconds ? { expireInSeconds: def.expireSeconds } : {}),
    };
  }

  async function ensureQueue(name: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      if (await boss.getQueue(name)) return;
      try {
        await boss.createQueue(name);
        return;
      } catch (err) {
        // Another process created it at the same moment (a unique violation), or was creating it and
        // PostgreSQL ended this process's attempt to break the deadlock between the two: look again.
        if ((uniqueViolation(err) === undefined && !deadlockDetected(err)) || attempt >= 5) throw err;
      }
    }
  }

  /** Sends each repeating job whose period began since this process last sent it; the first process to send wins the slot. */
  async function sendRepeating(): Promise<void> {
    const now = Date.now() / 1000;
    for (const def of definitions.values()) {
      if (!def.everySeconds) continue;
      const slot = Math.floor(now / def.everySeconds);
      if (sentSlot.get(def.name) === slot) continue;
      sentSlot.set(def.name, slot);
      const id = await boss.sendThrottled(def.name, {}, retryOptions(def), def.everySeconds);
      if (id) events.sent?.(def.name);
    }
  }

  async function runOne(def: JobDefinition, job: PgBoss.JobWithMetadata<unknown>): Promise<boolean> {
    const started = performance.now();
    try {
      const output = await def.run(job.data, { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit }, () => stopping);
      await boss.complete(def.name, job.id, output === undefined || output === null || typeof output !== 'object' ? { result: output ?? null } : output as object);
      events.finished?.(def.name, 'completed', (performance.now() - started) / 1000);
      return true;
    } catch (err) {
      // A provider's refusal often quotes its recipient: the log and the job's stored output get it masked.
      const reason = withoutContactDetails(err instanceof Error ? err.message : String(err));
      const last = job.retryCount >= job.retryLimit;
      log.warn({ queue: def.name, jobId: job.id, try: job.retryCount + 1, tries: job.retryLimit + 1, reason }, last ? `${def.name} job failed for good` : `${def.name} job failed; it will be tried again`);
      await boss.fail(def.name, job.id, { message: reason });
      events.finished?.(def.name, 'failed', (performance.now() - started) / 1000);
      return false;
    }
  }

  /** Runs the queue's due jobs until none is left (or the process stops), a few at once. */
  async function drainQueue(def: JobDefinition): Promise<JobsRun> {
    const done: JobsRun = { ran: 0, failed: 0 };
    while (!stopping) {
      const jobs = await boss.fetch<unknown>(def.name, { batchSize: def.concurrency ?? 1, includeMetadata: true });
      if (!jobs?.length) break;
      const results = await Promise.all(jobs.map((job) => runOne(def, job)));
      for (const ok of results) if (ok) done.ran++; else done.failed++;
    }
    return done;
  }

  /** The queue's drain in this process: one at a time (a call while one runs joins it). */
  function drain(def: JobDefinition): Promise<JobsRun> {
    let running = draining.get(def.name);
    if (!running) {
      running = drainQueue(def).finally(() => draining.delete(def.name));
      draining.set(def.name, running);
    }
    return running;
  }

  /** Sends the repeating jobs whose period began, then runs every due job of every queue. */
  async function runDue(): Promise<JobsRun> {
    if (!started) throw new Error('The job queue is not started.');
    await sendRepeating();
    const runs = await Promise.all([...definitions.values()].map(drain));
    return runs.reduce((a, b) => ({ ran: a.ran + b.ran, failed: a.failed + b.failed }), { ran: 0, failed: 0 });
  }

  function poll(): void {
    runDue().catch((err: unknown) => log.error({ err }, 'running background jobs failed'));
  }

  return {
    /** Declares a queue and its work (before start). */
    define<T>(def: JobDefinition<T>): void {
      definitions.set(def.name, def as JobDefinition);
    },

    /**
     * Sends a job; with `tx`, inside that transaction, so it exists exactly when the write that
     * caused it commits. Answers its id (null when a job of the same period already exists).
     */
    async send(name: string, data: object, options: { tx?: Executor; startAfterSeconds?: number } = {}): Promise<string | null> {
      const sendOptions: PgBoss.SendOptions = { ...retryOptions(definitions.get(name)), ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}) };
      if (options.tx) sendOptions.db = transactionDatabase(options.tx);
      const id = await boss.send(name, data, sendOptions);
      if (id) events.sent?.(name);
      return id;
    },

    /** Looks at the queue now in this process (after a send committed), instead of at the next poll; nothing when not polling. */
    wake(name: string): void {
      const def = definitions.get(name);
      if (!def || !started || stopping || pollSeconds <= 0) return;
      drain(def).catch((err: unknown) => log.error({ err, queue: name }, 'running background jobs failed'));
    },

    runDue,

    /** Jobs waiting (created or to be retried) and running, per queue, for all processes. */
    async counts(): Promise<Record<string, { waiting: number; active: number }>> {
      const { rows } = await runSql(db)(
        `select name, count(*) filter (where state in ('created', 'retry'))::int as waiting, count(*) filter (where state = 'active')::int as active
         from ${JOBS_SCHEMA}.job group by name`,
      );
      const counts: Record<string, { waiting: number; active: number }> = {};
      for (const def of definitions.values()) counts[def.name] = { waiting: 0, active: 0 };
      for (const r of rows) counts[String(r.name)] = { waiting: Number(r.waiting), active: Number(r.active) };
      return counts;
    },

    /** Creates the schema and queues; then, when POLL seconds are set, looks for due jobs every so often. */
    async start(): Promise<void> {
      await boss.start();
      for (const name of definitions.keys()) await ensureQueue(name);
      started = true;
      if (pollSeconds > 0) {
        timer = setInterval(poll, pollSeconds * 1000);
        timer.unref();
        poll();
      }
    },

    /** Stops looking; jobs running in this process are told to stop and waited for. */
    async stop(): Promise<void> {
      stopping = true;
      clearInterval(timer);
      await Promise.allSettled([...draining.values()]);
      if (started) await boss.stop({ graceful: false, close: false });
    },
  };
}

export type Jobs = ReturnType<typeof createJobs>;

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { STONE_CSV_COLUMNS } from '@gemstore/contracts';
import { type DbHandle, openDatabase, outboxMessages } from '@gemstore/db';
import { pino } from 'pino';
import { buildApp } from '../src/app.ts';
import { createJobs } from '../src/lib/jobs.ts';
import { rowsOf } from '../src/lib/db.ts';
import type { OutgoingMessage, Senders } from '../src/modules/notifications/senders.ts';
import { buildTestApp, systemContext, type TestApp } from './helper.ts';
import { createCatalog, createStore } from './factories.ts';
import { testDatabase } from './databases.ts';

vi.setConfig({ testTimeout: 120_000 });

/** Every job of the queue, in pg-boss's table: its state and the period slot it was sent for. */
async function jobsOf(t: TestApp, queue: string) {
  return rowsOf<{ state: string; slot: number | null; output: Record<string, unknown> | null }>(await t.db.execute(sql`
    select state, extract(epoch from singleton_on)::float as slot, output from pgboss.job where name = ${queue} order by created_on`));
}

describe('background jobs on two servers sharing one database', () => {
  let t: TestApp;
  /** The second server's own connections (PostgreSQL); PGlite is one process's, so both use the same. */
  let secondHandle: DbHandle | undefined;
  const replicas: FastifyInstance[] = [];
  const sent: { replica: number; message: OutgoingMessage }[] = [];

  /** A sender that records which server sent what. */
  const countingSenders = (replica: number): Senders => {
    const sender = { name: 'counting', async send(message: OutgoingMessage) { sent.push({ replica, message }); } };
    return { email: sender, phone: sender };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const config = { ...t.config, checkout: { ...t.config.checkout, reservationSweepSeconds: 30 }, imports: { ...t.config.imports, batchRows: 2 } };
    secondHandle = t.kind === 'postgres' ? await openDatabase({ databaseUrl: t.config.databaseUrl!, migrate: false, poolSize: 3 }) : undefined;
    for (const [i, handle] of [t.connections, secondHandle ?? t.connections].entries()) {
      const app = await buildApp({ config, db: handle.db, connections: handle, web: false, logger: false, senders: countingSenders(i) });
      await app.ready();
      replicas.push(app);
    }
  });
  afterAll(async () => {
    for (const app of replicas) await app.close();
    await secondHandle?.close();
    await t?.close();
  });

  /** Both servers run what is due at the same moment, as two polling replicas would. */
  const bothRunDue = () => Promise.all(replicas.map((app) => app.jobs.runDue()));

  it('sends each customer message once, whichever server takes it', async () => {
    const store = await createStore(t.db, { domain: 'jobs.test' });
    const ctx = await systemContext(t, store.id);
    const first = replicas[0]!;
    for (let i = 0; i < 12; i++) {
      await first.services.notifications.sendEmail(ctx, { to: `buyer${i}@example.com`, purpose: 'staff-invite', subject: `Message ${i}`, text: `Hello ${i}` });
    }
    const runs = await bothRunDue();
    await bothRunDue();
    expect(sent.map((s) => s.message.to).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `buyer${i}@example.com`).sort());
    expect(runs.reduce((n, r) => n + r.failed, 0)).toBe(0);
    const messages = await t.db.select().from(outboxMessages);
    expect(messages.filter((m) => m.deliveredAt !== null)).toHaveLength(12);
    const jobs = await jobsOf(t, 'message');
    expect(jobs).toHaveLength(12);
    expect(jobs.every((j) => j.state === 'completed')).toBe(true);
  });

  it('runs a repeating job once per period for both servers, however often each looks', async () => {
    for (let i = 0; i < 3; i++) await bothRunDue();
    const sweeps = await jobsOf(t, 'reservation-sweep');
    // One job per 30-second slot (two if the test crossed a slot's edge), each run once.
    const slots = new Map<number, number>();
    for (const job of sweeps) slots.set(job.slot!, (slots.get(job.slot!) ?? 0) + 1);
    expect(sweeps.length).toBeGreaterThanOrEqual(1);
    expect(sweeps.length).toBeLessThanOrEqual(2);
    expect([...slots.values()].every((n) => n === 1)).toBe(true);
    expect(sweeps.every((j) => j.state === 'completed')).toBe(true);
    expect(sweeps[0]!.output).toEqual({ orders: 0 });
  });

  it('runs a queued import once, batch by batch, when both servers look for work', async () => {
    const store = await createStore(t.db, { domain: 'imports.test' });
    await createCatalog(t.db, store.id);
    const ctx = await systemContext(t, store.id);
    const row = (sku: string) => ({
      sku, product: 'Blue Sapphire', weight_mg: 1100, width_mm: 8, length_mm: 10, depth_mm: 4.5, grade: 'AAA', color: 'Royal Blue',
      clarity: 'VVS', shape: 'Oval', origin: 'Sri Lanka', certificate_lab: 'GIA', certificate_number: `N-${sku}`, price: 45500.5, description: 'A clean stone.',
    });
    const csv = stringify(['J-1', 'J-2', 'J-3', 'J-4', 'J-5'].map(row), { header: true, columns: [...STONE_CSV_COLUMNS] });
    const job = await replicas[1]!.flows.imports.start(ctx, 'stones.csv', csv);
    await bothRunDue();
    const [imported] = rowsOf<{ status: string; created: number; updated: number; failed: number }>(
      await t.db.execute(sql`select status, created, updated, failed from import_jobs where id = ${job.id}`),
    );
    expect(imported).toEqual({ status: 'done', created: 5, updated: 0, failed: 0 });
    const runs = (await jobsOf(t, 'stone-imports')).filter((j) => (j.output as { done?: number } | null)?.done);
    expect(runs).toHaveLength(1);
  });
});

describe('background jobs when several processes start at once on one database', () => {
  it('each process creates or finds every queue, though they all create the same new ones at the same moment', async () => {
    const database = await testDatabase();
    // PostgreSQL: a connection pool per process, as separate workers have; PGlite is one process's, so one.
    const handles: DbHandle[] = [];
    try {
      for (let i = 0; i < (database.url ? 4 : 1); i++) handles.push(await database.open());
      const log = pino({ level: 'silent' });
      for (let round = 0; round < 3; round++) {
        const names = Array.from({ length: 6 }, (_, i) => `start-race-${round}-${i}`);
        const processes = handles.map((handle) => {
          const jobs = createJobs({ db: handle.db, log, pollSeconds: 0 });
          for (const name of names) jobs.define({ name, run: async () => null });
          return jobs;
        });
        const started = await Promise.allSettled(processes.map((jobs) => jobs.start()));
        expect(started.filter((s) => s.status === 'rejected').map((s) => String((s as PromiseRejectedResult).reason))).toEqual([]);
        await Promise.all(processes.map((jobs) => jobs.stop()));
        const queues = rowsOf<{ name: string }>(await handles[0]!.db.execute(sql`select name from pgboss.queue where name like ${`start-race-${round}-%`} order by name`));
        expect(queues.map((q) => q.name)).toEqual([...names].sort());
      }
    } finally {
      for (const handle of handles) await handle.close();
      await database.release();
    }
  });
});

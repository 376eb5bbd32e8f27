import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { customers, invoices, orders, outboxMessages, stores } from '@gemstore/db';
import type { AdminOrder, AdminOrderSummary, AdminReturnSummary, OrderStage } from '@gemstore/contracts';
import { seedDemo } from '../src/demo/index.ts';
import { DEMO_CUSTOMER } from '../src/modules/customers/demo-customers.ts';
import { DEMO_OWNER } from '../src/modules/staff/demo-staff.ts';
import { buildTestApp, PRODUCTION_SECRETS, type TestApp } from './helper.ts';
import { admin } from './staff-fixtures.ts';

// Seeding two catalogues and hashing the demo passwords (scrypt at OWASP cost) take a while on a loaded machine.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

const silent = pino({ level: 'silent' });
const DEMO_HOSTS = ['localhost', 'atelier.localhost'];

/** The stages the demo's orders stand at. */
type DemoStage = Extract<OrderStage, 'awaiting_payment' | 'paid' | 'dispatched' | 'delivered' | 'return_requested' | 'cancelled'>;
/** What each stage's timeline holds, oldest first (a return's steps follow the delivery). */
const TIMELINE: Record<DemoStage, string[]> = {
  awaiting_payment: ['placed'], paid: ['placed', 'paid'], dispatched: ['placed', 'paid', 'dispatched'],
  delivered: ['placed', 'paid', 'dispatched', 'delivered'], return_requested: ['placed', 'paid', 'dispatched', 'delivered'], cancelled: ['placed', 'cancelled'],
};
/** The customer's messages of each stage (a step that tells them nothing sends none). */
const MESSAGES: Record<DemoStage, string[]> = {
  awaiting_payment: ['order-placed'], paid: ['order-paid', 'order-placed'], dispatched: ['order-dispatched', 'order-paid', 'order-placed'],
  delivered: ['order-dispatched', 'order-paid', 'order-placed'], return_requested: ['order-dispatched', 'order-paid', 'order-placed'], cancelled: ['order-placed'],
};
/** A stone's status on the storefront while its order is at this stage. */
const STONE: Record<DemoStage, string> = {
  awaiting_payment: 'reserved', paid: 'sold', dispatched: 'sold', delivered: 'sold', return_requested: 'sold', cancelled: 'available',
};

describe('the demo at first start', () => {
  let t: TestApp;
  const lines: string[] = [];
  const now = new Date();
  const tokens: Record<string, string> = {};

  const get = (host: string, path: string) => admin(t, host, path, { token: tokens[host] });

  beforeAll(async () => {
    t = await buildTestApp();
    await seedDemo(t.db, t.config, { onProgress: (l) => lines.push(l), log: silent, now });
    for (const host of DEMO_HOSTS) {
      const res = await admin(t, host, '/login', { body: { email: DEMO_OWNER.email, password: DEMO_OWNER.password } });
      expect(res.statusCode, res.body).toBe(200);
      tokens[host] = res.json().token;
    }
  });
  afterAll(() => t?.close());

  it('says what it wrote, a line per store', () => {
    for (const store of ['Ratna Gems', 'Atelier Gemstones']) {
      expect(lines).toContainEqual(expect.stringMatching(new RegExp(
        `^demo orders in ${store}: 13 from 5 demo shoppers over the last 27 days \\(2 awaiting payment, 3 to dispatch, 2 dispatched, 3 delivered, 2 with a return open, 1 cancelled; 2 returns\\) in `,
      )));
    }
  });

  it.each(DEMO_HOSTS)('gives %s orders at every stage over the last weeks, each with consistent stones, timeline, invoice and messages', async (host) => {
    const list = (await get(host, '/orders')).json();
    expect(list.total).toBe(13);
    const summaries = list.data as AdminOrderSummary[];
    const count = (stage: OrderStage) => summaries.filter((o) => o.stage === stage).length;
    expect({
      awaiting_payment: count('awaiting_payment'), paid: count('paid'), dispatched: count('dispatched'), delivered: count('delivered'),
      return_requested: count('return_requested'), cancelled: count('cancelled'),
    }).toEqual({ awaiting_payment: 2, paid: 3, dispatched: 2, delivered: 3, return_requested: 2, cancelled: 1 });
    // Each shop numbers its orders 1 to 13, in the order they were placed.
    expect(summaries.map((o) => o.number).sort((x, y) => x - y)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    expect([...summaries].sort((x, y) => Date.parse(x.placed_on) - Date.parse(y.placed_on)).map((o) => o.order_number))
      .toEqual(Array.from({ length: 13 }, (_, i) => `#${i + 1}`));
    // From a few demo shoppers, never the demo customer (the browser tests start from their empty order list).
    const emails = new Set(summaries.map((o) => o.customer.email));
    expect(emails.size).toBe(5);
    expect(emails.has(DEMO_CUSTOMER.email)).toBe(false);
    // Spread over four weeks, none in the future.
    const placed = summaries.map((o) => Date.parse(o.placed_on));
    expect(Math.min(...placed)).toBeLessThan(now.getTime() - 26 * 86_400_000);
    expect(Math.max(...placed)).toBeLessThanOrEqual(now.getTime());

    const paidInvoices: { number: string; issuedAt: Date }[] = [];
    const trackingNumbers: string[] = [];
    for (const summary of summaries) {
      const order = (await get(host, `/orders/${summary.id}`)).json().order as AdminOrder;
      const stage = order.stage as DemoStage;
      const kinds = order.timeline.map((e) => e.kind);
      expect(kinds.slice(0, TIMELINE[stage].length), `order #${order.id}`).toEqual(TIMELINE[stage]);
      expect(kinds.slice(TIMELINE[stage].length)).toEqual(order.returns.length ? ['return_requested', ...(order.returns[0]!.status === 'approved' ? ['return_approved'] : [])] : []);
      // One moment per step, in order, the first the moment it was placed.
      const times = order.timeline.map((e) => Date.parse(e.at));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times[0]).toBe(Date.parse(order.placed_on));
      expect(Math.max(...times)).toBeLessThanOrEqual(now.getTime());
      // Staff steps were taken by the demo owner.
      for (const e of order.timeline.filter((x) => ['dispatched', 'delivered', 'cancelled', 'return_approved'].includes(x.kind))) expect(e.by).toBe(DEMO_OWNER.name);

      for (const line of order.lines) {
        const { item } = (await t.app.inject({ url: `/api/item-details/${line.item_id}`, headers: { domain: host } })).json();
        expect(item.status, `stone ${line.item_id} of order #${order.id}`).toBe(STONE[stage]);
      }
      const messages = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, order.customer.email!));
      const own = messages.filter((m) => m.dedupeKey?.startsWith(`order:${order.id}:`));
      expect(own.map((m) => m.purpose).filter((p) => !p.startsWith('order-return')).sort()).toEqual(MESSAGES[stage]);
      for (const m of own) expect(order.timeline.map((e) => e.at)).toContain(m.createdAt.toISOString());

      const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
      const pdf = await get(host, `/orders/${order.id}/invoice`);
      if (order.status === 'paid') {
        expect(pdf.statusCode).toBe(200);
        expect(pdf.headers['content-type']).toContain('application/pdf');
        expect(invoice).toMatchObject({ totalPaise: Math.round(order.total * 100), number: expect.any(String) });
        expect(invoice!.issuedAt.toISOString()).toBe(order.timeline.find((e) => e.kind === 'paid')!.at);
        expect(order.payments).toEqual([expect.objectContaining({ provider: 'sandbox', created_at: invoice!.issuedAt.toISOString(), refund_owed: false })]);
        paidInvoices.push({ number: invoice!.number!, issuedAt: invoice!.issuedAt });
      } else {
        expect(pdf.statusCode).toBe(409);
        expect(invoice).toBeUndefined();
        expect(order.payments).toEqual([]);
      }
      if (stage === 'dispatched' || stage === 'delivered' || stage === 'return_requested') {
        expect(order.dispatch).toMatchObject({ courier_partner: expect.any(String), tracking_number: expect.stringMatching(/^[A-Z0-9]{8,}$/) });
        expect(order.dispatch!.delivered_on !== null).toBe(stage !== 'dispatched');
        trackingNumbers.push(order.dispatch!.tracking_number);
      }
    }
    expect(new Set(trackingNumbers).size).toBe(7);
    // Invoices are numbered in the order they were issued.
    paidInvoices.sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime());
    expect(paidInvoices).toHaveLength(10);
    expect(paidInvoices.map((i) => i.number)).toEqual(paidInvoices.map((i) => i.number).sort());

    // The returns: one waiting for a decision, one approved.
    const returns = (await get(host, '/returns')).json().data as AdminReturnSummary[];
    expect(returns.map((r) => r.status).sort()).toEqual(['approved', 'requested']);

    // The dashboard: ten paid orders over the 30 days, on several days; three to dispatch and one return to decide.
    const numbers = (await get(host, '/dashboard')).json();
    expect(numbers.sales.days30.orders).toBe(10);
    expect(numbers.daily.filter((d: { orders: number }) => d.orders > 0).length).toBeGreaterThanOrEqual(8);
    expect(numbers.awaiting_dispatch).toBe(3);
    expect(numbers.returns_awaiting_decision).toBe(1);
  });

  it("keeps the dollar shop's rate on each of its orders, so they show dollars with the rupees charged", async () => {
    const rates = await t.db.select({ store: stores.name, rate: orders.usdRate }).from(orders).innerJoin(stores, eq(stores.id, orders.storeId));
    expect(rates.filter((r) => r.store === 'Atelier Gemstones').map((r) => Number(r.rate))).toEqual(Array(13).fill(0.015));
    expect(rates.filter((r) => r.store === 'Ratna Gems').map((r) => r.rate)).toEqual(Array(13).fill(null));
  });

  it('leaves the demo customer without orders', async () => {
    for (const host of DEMO_HOSTS) {
      const login = await t.app.inject({ method: 'POST', url: '/api/login', headers: { domain: host }, payload: { phone: DEMO_CUSTOMER.email } });
      const signedIn = await t.app.inject({
        method: 'POST', url: '/api/login-password-submit', headers: { domain: host }, payload: { userId: login.json().userId, password: DEMO_CUSTOMER.password },
      });
      const mine = await t.app.inject({ method: 'POST', url: '/api/orders', headers: { domain: host, authorization: `Bearer ${signedIn.json().token}` } });
      expect(mine.json().orders).toEqual([]);
    }
  });

  it('adds nothing on a later start', async () => {
    const [ordersBefore, customersBefore] = [await t.db.$count(orders), await t.db.$count(customers)];
    const again: string[] = [];
    await seedDemo(t.db, t.config, { onProgress: (l) => again.push(l), log: silent });
    expect(again).toEqual([]);
    expect([await t.db.$count(orders), await t.db.$count(customers)]).toEqual([ordersBefore, customersBefore]);
  });
});

describe('the demo in production', () => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp({ NODE_ENV: 'production', ...PRODUCTION_SECRETS }); });
  afterAll(() => t?.close());

  it('seeds the stores but no orders: they are paid through the sandbox, which production has not', async () => {
    const lines: string[] = [];
    await seedDemo(t.db, t.config, { onProgress: (l) => lines.push(l), log: silent });
    expect(lines.some((l) => l.startsWith('seeding Ratna Gems'))).toBe(true);
    expect(lines).toContain('demo orders: none (they are paid through the sandbox, which is off on this server)');
    expect(await t.db.$count(orders)).toBe(0);
  });
});

import { and, asc, desc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { payments, refundLines, refunds, webhookEvents } from '@gemstore/db';
import { type Executor, rowsOf } from '../../lib/db.ts';

export interface NewPayment {
  storeId: number; orderId: number; provider: string; providerPaymentId: string; amountPaise: number; status: string;
  /** When it arrived (the payment step's moment). */
  createdAt: Date;
}

/** Records a payment once per provider payment id; null when it was already recorded. */
export async function insertPayment(db: Executor, payment: NewPayment): Promise<{ id: number } | null> {
  const [row] = await db.insert(payments).values(payment)
    .onConflictDoNothing({ target: [payments.provider, payments.providerPaymentId, payments.storeId] })
    .returning({ id: payments.id });
  return row ?? null;
}

/** A later event may report a stronger state (authorized, then captured); captured is final. */
export async function upgradePaymentStatus(db: Executor, storeId: number, provider: string, providerPaymentId: string, status: string): Promise<void> {
  await db.update(payments).set({ status })
    .where(and(eq(payments.storeId, storeId), eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId), ne(payments.status, 'captured')));
}

/** Remembers a webhook event; false when it was seen before (the delivery is a repeat). */
export async function rememberWebhookEvent(db: Executor, provider: string, eventId: string): Promise<boolean> {
  const rows = await db.insert(webhookEvents).values({ eventId: `${provider}:${eventId}`, provider })
    .onConflictDoNothing({ target: webhookEvents.eventId })
    .returning({ eventId: webhookEvents.eventId });
  return rows.length === 1;
}

export type PaymentRow = typeof payments.$inferSelect;

export async function findPaymentById(db: Executor, storeId: number, id: number): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(and(eq(payments.storeId, storeId), eq(payments.id, id))).limit(1);
  return row ?? null;
}

export async function listPaymentsOfOrders(db: Executor, storeId: number, orderIds: number[]): Promise<PaymentRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(payments).where(and(eq(payments.storeId, storeId), inArray(payments.orderId, orderIds))).orderBy(asc(payments.id));
}

// ---------- Refunds ----------

export type RefundRow = typeof refunds.$inferSelect;
export type RefundStatus = RefundRow['status'];
export type NewRefund = Omit<typeof refunds.$inferInsert, 'id' | 'status' | 'createdAt' | 'updatedAt'>;

/** Writes a refund (pending) and the lines it pays back, in the caller's transaction. */
export async function insertRefund(db: Executor, refund: NewRefund, lines: { orderLineId: number; amountPaise: number }[]): Promise<RefundRow> {
  const [row] = await db.insert(refunds).values(refund).returning();
  if (lines.length) await db.insert(refundLines).values(lines.map((l) => ({ ...l, storeId: refund.storeId, refundId: row!.id })));
  return row!;
}

export async function findRefundByKey(db: Executor, storeId: number, key: string): Promise<RefundRow | null> {
  const [row] = await db.select().from(refunds).where(and(eq(refunds.storeId, storeId), eq(refunds.idempotencyKey, key))).limit(1);
  return row ?? null;
}

/** The store's refund by id, locked when asked. */
export async function findRefundById(db: Executor, storeId: number, id: number, lock = false): Promise<RefundRow | null> {
  const q = db.select().from(refunds).where(and(eq(refunds.storeId, storeId), eq(refunds.id, id))).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** Any store's refund by id (a provider's webhook names only the refund): the row names its store. */
export async function findRefundByIdInAnyShop(db: Executor, id: number): Promise<RefundRow | null> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id)).limit(1);
  return row ?? null;
}

export async function findRefundByProviderIdInAnyShop(db: Executor, provider: string, providerRefundId: string, lock = false): Promise<RefundRow | null> {
  const q = db.select().from(refunds).where(and(eq(refunds.provider, provider), eq(refunds.providerRefundId, providerRefundId))).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function listRefundsOfOrders(db: Executor, storeId: number, orderIds: number[]): Promise<RefundRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(refunds).where(and(eq(refunds.storeId, storeId), inArray(refunds.orderId, orderIds))).orderBy(asc(refunds.id));
}

export async function listRefundLines(db: Executor, storeId: number, refundIds: number[]) {
  if (refundIds.length === 0) return [];
  return db.select().from(refundLines).where(and(eq(refundLines.storeId, storeId), inArray(refundLines.refundId, refundIds))).orderBy(asc(refundLines.id));
}

/** The store's latest refunds, newest first. */
export async function listRecentRefunds(db: Executor, storeId: number, limit: number): Promise<RefundRow[]> {
  return db.select().from(refunds).where(eq(refunds.storeId, storeId)).orderBy(desc(refunds.createdAt), desc(refunds.id)).limit(limit);
}

/** Moves a refund on only from `from` (a webhook and the job may race): the row as it is now, or null when it had moved. */
export async function updateRefund(
  db: Executor, storeId: number, id: number, from: RefundStatus[], values: Partial<Pick<RefundRow, 'status' | 'providerRefundId' | 'failureReason' | 'checkedAt'>>,
): Promise<RefundRow | null> {
  const [row] = await db.update(refunds).set({ ...values, updatedAt: new Date() })
    .where(and(eq(refunds.storeId, storeId), eq(refunds.id, id), inArray(refunds.status, from))).returning();
  return row ?? null;
}

/** A failed refund's lines are free to be refunded again. */
export async function deleteRefundLines(db: Executor, storeId: number, refundId: number): Promise<void> {
  await db.delete(refundLines).where(and(eq(refundLines.storeId, storeId), eq(refundLines.refundId, refundId)));
}

export interface RefundClaim {
  now: Date;
  /** Only refunds written before this (a request may still be waiting for the provider's answer). */
  writtenBefore: Date;
  /** Not asked about again within this many seconds. */
  everySeconds: number;
  /** Only refunds through these providers (those this server can ask). */
  providers: string[];
  limit: number;
}

/**
 * Claims refunds still pending that the provider has not confirmed (no answer, or no webhook yet)
 * for the reconciliation job. A refund is asked about again once `everySeconds` have passed and
 * half its age since it was last asked, so one that stays pending for days (a normal-speed
 * Razorpay refund) is asked about a dozen times, not every minute. SKIP LOCKED lets any replica
 * take a share, and the claim moves `checked_at` on, so the others leave these until their turn.
 */
export async function claimPendingRefunds(db: Executor, c: RefundClaim): Promise<RefundRow[]> {
  if (c.providers.length === 0) return [];
  const now = c.now.toISOString();
  const rows = await db.select().from(refunds)
    .where(and(
      eq(refunds.status, 'pending'), inArray(refunds.provider, c.providers), lt(refunds.createdAt, c.writtenBefore),
      or(isNull(refunds.checkedAt), and(
        lt(refunds.checkedAt, new Date(c.now.getTime() - c.everySeconds * 1000)),
        sql`${refunds.checkedAt} < ${refunds.createdAt} + (${now}::timestamptz - ${refunds.createdAt}) / 2`,
      )),
    ))
    .orderBy(asc(refunds.id)).limit(c.limit).for('update', { skipLocked: true });
  if (rows.length) await db.update(refunds).set({ checkedAt: c.now }).where(inArray(refunds.id, rows.map((r) => r.id)));
  return rows;
}

/** Total refunded or being refunded from each of these payments (failed refunds left out). */
export async function refundedOfPayments(db: Executor, storeId: number, paymentIds: number[]): Promise<Map<number, number>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await db.select({ paymentId: refunds.paymentId, paise: sql<string>`sum(${refunds.amountPaise})` }).from(refunds)
    .where(and(eq(refunds.storeId, storeId), inArray(refunds.paymentId, paymentIds), ne(refunds.status, 'failed'))).groupBy(refunds.paymentId);
  return new Map(rows.map((r) => [r.paymentId, Number(r.paise)]));
}

/** Every order line of the store refunded by a processed refund, with its order (the order list's stage filter). */
export async function listRefundedLines(db: Executor, storeId: number): Promise<{ orderId: number; orderLineId: number }[]> {
  return db.select({ orderId: refunds.orderId, orderLineId: refundLines.orderLineId }).from(refundLines)
    .innerJoin(refunds, and(eq(refunds.id, refundLines.refundId), eq(refunds.storeId, refundLines.storeId)))
    .where(and(eq(refundLines.storeId, storeId), eq(refunds.status, 'processed')));
}

/**
 * Refunds of sold stones made (processed: the provider reported the money sent, as the order pages
 * count them) and their value per day of the store's time zone over the last `days` days (today
 * included), dated when they were made. Money sent back for a payment that never bought anything is
 * not counted: it was never a sale. Days without refunds are absent.
 */
export async function dailyRefunds(db: Executor, storeId: number, timeZone: string, days: number, now: Date): Promise<{ day: string; refunds: number; paise: number }[]> {
  const rows = rowsOf<{ day: string; refunds: string | number; paise: string | number }>(await db.execute(sql`
    select to_char((updated_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as day, count(*) as refunds, coalesce(sum(amount_paise), 0) as paise
    from refunds
    where store_id = ${storeId} and kind = 'lines' and status = 'processed'
      and updated_at >= ((${now.toISOString()}::timestamptz at time zone ${timeZone})::date - ${days - 1}::int)::timestamp at time zone ${timeZone}
    group by 1 order by 1`));
  return rows.map((r) => ({ day: r.day, refunds: Number(r.refunds), paise: Number(r.paise) }));
}

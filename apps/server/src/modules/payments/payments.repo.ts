import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { payments, webhookEvents } from '@gemstore/db';
import type { Executor } from '../../lib/db.ts';

export interface NewPayment {
  storeId: number; orderId: number; provider: string; providerPaymentId: string; amountPaise: number; status: string;
}

/** Records a payment once per provider payment id; null when it was already recorded. */
export async function insertPayment(db: Executor, payment: NewPayment): Promise<{ id: number } | null> {
  const [row] = await db.insert(payments).values(payment)
    .onConflictDoNothing({ target: [payments.provider, payments.providerPaymentId] })
    .returning({ id: payments.id });
  return row ?? null;
}

/** A later event may report a stronger state (authorized, then captured); captured is final. */
export async function upgradePaymentStatus(db: Executor, provider: string, providerPaymentId: string, status: string): Promise<void> {
  await db.update(payments).set({ status })
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId), ne(payments.status, 'captured')));
}

/** Remembers a webhook event; false when it was seen before (the delivery is a repeat). */
export async function rememberWebhookEvent(db: Executor, provider: string, eventId: string): Promise<boolean> {
  const rows = await db.insert(webhookEvents).values({ eventId: `${provider}:${eventId}`, provider })
    .onConflictDoNothing({ target: webhookEvents.eventId })
    .returning({ eventId: webhookEvents.eventId });
  return rows.length === 1;
}

export type PaymentRow = typeof payments.$inferSelect;

export async function listPaymentsOfOrders(db: Executor, orderIds: number[]): Promise<PaymentRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(payments).where(inArray(payments.orderId, orderIds)).orderBy(asc(payments.id));
}

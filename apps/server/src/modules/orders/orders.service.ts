import {
  type OrderAddress, type PaymentMethod, type PaymentMethodsResponse, RAZORPAY_PAYMENT_METHOD_ID,
} from '@gemstore/contracts';
import type { AddressSnapshot, Database } from '@gemstore/db';
import { type CustomerContext, executor, type RequestContext, type Scope } from '../../lib/context.ts';
import type { Executor } from '../../lib/db.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import * as repo from './orders.repo.ts';

export type { DispatchRow, OrderLineRow, OrderRow } from './orders.repo.ts';

/** Payment methods a store can enable (stores.payment_method_ids); 1001 is the spec's default. */
const PAYMENT_METHODS: Record<number, string> = {
  [RAZORPAY_PAYMENT_METHOD_ID]: 'Razorpay (cards, UPI, netbanking, wallets)',
};

function storeMethods(ctx: RequestContext): PaymentMethod[] {
  return ctx.store.paymentMethodIds.flatMap((id) => (PAYMENT_METHODS[id] ? [{ id, name: PAYMENT_METHODS[id] }] : []));
}

export const ORDER_STATUS_LABELS: Record<repo.OrderRow['status'], string> = {
  pending: 'Awaiting payment', paid: 'Paid', expired: 'Payment time ran out', cancelled: 'Cancelled',
};

export function toOrderAddress(a: AddressSnapshot): OrderAddress {
  return {
    id: a.id, name: a.name, phone: a.phone, address: a.address, locality: a.locality, landmark: a.landmark,
    pincode: a.pincode, label: a.label, city: { name: a.city }, state: { name: a.state }, country: { name: a.country },
  };
}

/** Orders, their lines and dispatch records. Placing and paying an order are flows (flows/). */
export function createOrdersService({ db }: { db: Database }) {
  const q = (ctx: Scope): Executor => executor(db, ctx);
  return {
    paymentMethods(ctx: RequestContext): PaymentMethodsResponse {
      return { paymentMethods: storeMethods(ctx) };
    },

    /** 422 unless the store offers this payment method. */
    assertPaymentMethod(ctx: RequestContext, paymentMethodId: number): void {
      if (!storeMethods(ctx).some((m) => m.id === paymentMethodId)) {
        throw ValidationError.field('paymentMethodId', 'Choose one of the payment methods offered.');
      }
    },

    /** Writes a new order of the signed-in customer with its lines (inside the flow's transaction that reserved the stones). */
    create: (ctx: CustomerContext, order: Omit<repo.NewOrder, 'storeId' | 'customerId'>, lines: { itemId: number; itemName: string; pricePaise: number }[]) =>
      repo.insertOrder(q(ctx), { ...order, storeId: ctx.store.id, customerId: ctx.actor.customerId }, lines),

    /** The signed-in customer's order; 404 when it is someone else's or does not exist. */
    async findOwn(ctx: CustomerContext, orderId: number): Promise<repo.OrderRow> {
      const row = await repo.findOrder(q(ctx), ctx.store.id, orderId, ctx.actor.customerId);
      if (!row) throw new NotFoundError('This order does not exist.');
      return row;
    },

    /** The customer's orders, newest first. */
    listOwn: (ctx: CustomerContext, limit: number) => repo.listOrders(q(ctx), ctx.store.id, ctx.actor.customerId, limit),

    /** Any store's order by id, locked for the caller's transaction when asked. */
    findById: (scope: Scope, orderId: number, lock = false) => repo.findOrderById(q(scope), orderId, lock),
    findByProviderOrderId: (scope: Scope, providerOrderId: string) => repo.findOrderByProviderOrderId(q(scope), providerOrderId),

    lines: (scope: Scope, orderIds: number[]) => repo.listOrderLines(q(scope), orderIds),
    dispatches: (scope: Scope, orderIds: number[]) => repo.listDispatches(q(scope), orderIds),
    update: (scope: Scope, orderId: number, values: Parameters<typeof repo.updateOrder>[2]) => repo.updateOrder(q(scope), orderId, values),
    /** Sets the provider order id unless another request set one first; answers the id now stored. */
    setProviderOrderId: (scope: Scope, orderId: number, providerOrderId: string, replace: string | null) =>
      repo.setProviderOrderId(q(scope), orderId, providerOrderId, replace),

    /**
     * Expires up to `limit` unpaid orders whose reservation lapsed, in the caller's transaction, and
     * answers their stones. SKIP LOCKED lets any number of replicas do it at once.
     */
    async expireLapsed(scope: Scope, now: Date, limit: number): Promise<{ orders: number; itemIds: number[] }> {
      const ids = await repo.claimLapsedOrders(q(scope), now, limit);
      return { orders: ids.length, itemIds: await repo.expireOrders(q(scope), ids) };
    },

    /** Back office (and tests until it exists): records the dispatch of a paid order; a second call corrects the tracking. */
    async markDispatched(ctx: RequestContext, orderId: number, input: { courierPartner: string; trackingNumber: string }) {
      const order = await repo.findOrder(q(ctx), ctx.store.id, orderId);
      if (!order) throw new NotFoundError('This order does not exist.');
      if (order.status !== 'paid') throw new ConflictError('Only a paid order can be dispatched.', 'order_not_paid');
      return repo.upsertDispatch(q(ctx), orderId, input.courierPartner, input.trackingNumber);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

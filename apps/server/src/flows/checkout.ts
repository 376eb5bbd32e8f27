import type { PlaceOrderBody, PlaceOrderResponse } from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import { type CustomerContext, within } from '../lib/context.ts';
import { ValidationError } from '../lib/errors.ts';
import { toSnapshot } from '../modules/addresses/addresses.service.ts';
import type { QueuedMessage } from '../modules/notifications/notifications.service.ts';
import { orderNumberOf } from '../modules/orders/orders.service.ts';
import type { Services } from '../services.ts';
import type { OrderMessages } from './order-messages.ts';

/** Placing an order and letting lapsed reservations go: orders, catalog and addresses together. */
export function checkoutFlows(db: Database, { orders, catalog, addresses, customers }: Services, messages: OrderMessages) {
  return {
    /**
     * Places an order: every amount comes from the database, and all the stones are reserved in one
     * UPDATE inside the transaction that writes the order. If any stone is sold, reserved or unknown
     * nothing is written and the answer names it (409 stone_unavailable).
     */
    async placeOrder(ctx: CustomerContext, body: PlaceOrderBody, now = new Date()): Promise<PlaceOrderResponse> {
      orders.assertPaymentMethod(ctx, body.paymentMethodId);
      const shipping = await addresses.findOwnAddress(ctx, body.shippingAddressId);
      if (!shipping) throw ValidationError.field('shippingAddressId', 'Select Or Create Address');
      const billing = body.billingAddressId === undefined ? shipping : await addresses.findOwnAddress(ctx, body.billingAddressId);
      if (!billing) throw ValidationError.field('billingAddressId', 'Choose one of your addresses for billing.');

      let queued: QueuedMessage[] = [];
      const order = await db.transaction(async (tx) => {
        const t = within(ctx, tx);
        // A customer staff blocked orders nothing (their tokens were revoked; this holds off a block until the order is written).
        await customers.assertActive(t, ctx.actor.customerId);
        // Throws (rolling back what it took) when a stone is gone.
        const reserved = await catalog.reserve(t, body.itemIds);
        const byId = new Map(reserved.map((r) => [r.id, r]));
        const lines = body.itemIds.map((id) => ({ itemId: id, itemName: byId.get(id)!.name, pricePaise: byId.get(id)!.pricePaise }));
        const row = await orders.create(t, {
          totalQty: lines.length, totalPaise: lines.reduce((s, l) => s + l.pricePaise, 0),
          shippingAddress: toSnapshot(shipping), billingAddress: toSnapshot(billing),
          paymentMethodId: body.paymentMethodId, origin: body.origin,
          // A dollar shop's customer saw dollars at today's rate: kept so the receipt shows them as they were.
          usdRate: ctx.store.currency === 'USD' ? ctx.store.usdRate : null,
          reservedUntil: new Date(now.getTime() + ctx.store.reservationMinutes * 60_000), placedOn: now,
        }, lines);
        const event = await orders.recordEvent(t, { storeId: ctx.store.id, orderId: row.id, kind: 'placed', key: 'placed', actor: 'customer', at: row.placedOn });
        queued = await messages.queue(t, row, event);
        return row;
      });
      await messages.deliver(ctx, queued);
      return { url: `/pay?orderId=${order.id}`, orderId: order.id, orderNumber: orderNumberOf(order) };
    },

    /** Frees the stones of unpaid orders whose reservation lapsed; any number of replicas may run it at once. Answers how many orders expired. */
    async releaseExpiredReservations(now = new Date(), batch = 100): Promise<number> {
      let total = 0;
      for (;;) {
        const n = await db.transaction(async (tx) => {
          const expired = await orders.expireLapsedInAnyShop({ tx }, now, batch);
          await catalog.moveStonesInAnyShop({ tx }, expired.itemIds, 'reserved', 'available');
          return expired.orders;
        });
        total += n;
        if (n < batch) return total;
      }
    },
  };
}

import type { CheckoutQuoteBody, CheckoutQuoteResponse, PlaceOrderBody, PlaceOrderResponse } from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import { type CustomerContext, within } from '../lib/context.ts';
import { AppError, ValidationError } from '../lib/errors.ts';
import { billedLines, priceOrder } from '../lib/order-totals.ts';
import { lineTax } from '../modules/invoices/invoices.service.ts';
import { toSnapshot } from '../modules/addresses/addresses.service.ts';
import type { QueuedMessage } from '../modules/notifications/notifications.service.ts';
import { orderNumberOf } from '../modules/orders/orders.service.ts';
import type { Services } from '../services.ts';
import type { OrderMessages } from './order-messages.ts';

/** Placing an order and letting lapsed reservations go: orders, catalog and addresses together. */
export function checkoutFlows(db: Database, { orders, catalog, addresses, customers, discounts }: Services, messages: OrderMessages) {
  return {
    /**
     * The Review Order figures: the stones of the list still available, each with its share of the
     * discount the code gives (or why it does not apply), shipping to the address's zone at the
     * shop's rates, the total and the GST inside it, worked out as placeOrder will charge them and
     * the invoice will bill them (every rule is checked again there).
     */
    async quote(ctx: CustomerContext, body: CheckoutQuoteBody, now = new Date()): Promise<CheckoutQuoteResponse> {
      const address = body.shippingAddressId === undefined ? null : await addresses.findOwnAddress(ctx, body.shippingAddressId);
      if (body.shippingAddressId !== undefined && !address) throw ValidationError.field('shippingAddressId', 'Select Or Create Address');
      const found = new Map((await catalog.availablePrices(ctx, body.itemIds)).map((r) => [r.id, r]));
      const stones = body.itemIds.flatMap((id) => found.get(id) ?? []);
      const code = body.code?.trim() ?? '';
      if (code && stones.length > 0) await discounts.assertMayTryCode(ctx, ctx.actor.customerId);
      const outcome = code && stones.length > 0 ? await discounts.evaluate(ctx, { code, lines: stones, customerId: ctx.actor.customerId, now }) : null;
      if (outcome && !outcome.applies && outcome.refusal === 'discount_unknown') await discounts.countUnknownCode(ctx, ctx.actor.customerId);
      const applied = outcome?.applies ? outcome : null;
      const quoted = {
        lines: stones.map((l, i) => ({ item_id: l.id, name: l.name, amount: l.pricePaise / 100, discount: (applied?.shares[i] ?? 0) / 100 })),
        stones_amount: stones.reduce((sum, s) => sum + s.pricePaise, 0) / 100,
        promotion: applied ? { code: applied.discount.code, amount: applied.discountPaise / 100, label: applied.label } : null,
        promotion_error: outcome && !outcome.applies ? { code: outcome.refusal, message: outcome.message } : null,
      };
      // Shipping, the total and the GST in it depend on where the stones go: they wait for an address.
      if (!address) return { ...quoted, shipping_amount: null, zone: null, free_shipping_from: null, total_amount: null, tax_included: null };
      const money = priceOrder(ctx.store, stones.map((s) => s.pricePaise), toSnapshot(address).country, applied?.discountPaise ?? 0);
      const taxes = new Map((await catalog.stoneTaxes(ctx, ctx.store.id, stones.map((s) => s.id))).map((s) => [s.itemId, s]));
      const lines = billedLines(stones.map((s, i) => {
        const t = taxes.get(s.id);
        return { description: s.name, sku: t?.sku ?? String(s.id), hsn: t?.hsnCode ?? '7103', rateBp: t?.gstRateBp ?? 25, pricePaise: s.pricePaise - (applied?.shares[i] ?? 0) };
      }), money);
      // The tax is the same whichever way it splits (CGST + SGST or IGST); a shop outside India issues receipts without GST.
      const taxPaise = ctx.store.isFromIndia ? lines.reduce((sum, l) => sum + l.pricePaise - lineTax(l.pricePaise, l.rateBp, false).taxablePaise, 0) : 0;
      return {
        ...quoted,
        shipping_amount: money.shippingPaise / 100, zone: money.zone,
        free_shipping_from: money.freeFromPaise === null ? null : money.freeFromPaise / 100,
        total_amount: money.totalPaise / 100, tax_included: taxPaise / 100,
      };
    },

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

      if (body.discountCode?.trim()) await discounts.assertMayTryCode(ctx, ctx.actor.customerId);
      let queued: QueuedMessage[] = [];
      const order = await db.transaction(async (tx) => {
        const t = within(ctx, tx);
        // A customer staff blocked orders nothing (their tokens were revoked; this holds off a block until the order is written).
        await customers.assertActive(t, ctx.actor.customerId);
        // Throws (rolling back what it took) when a stone is gone.
        const reserved = await catalog.reserve(t, body.itemIds);
        const byId = new Map(reserved.map((r) => [r.id, r]));
        const stones = body.itemIds.map((id) => byId.get(id)!);
        // The code's row stays locked until this order commits: checkouts with one code take its uses one at a time.
        const code = body.discountCode?.trim();
        const outcome = code ? await discounts.evaluate(t, { code, lines: stones, customerId: ctx.actor.customerId, now, lock: true }) : null;
        if (outcome && !outcome.applies) throw discounts.refusalError(outcome);
        const applied = outcome?.applies ? outcome : null;
        const lines = stones.map((r, i) => ({ itemId: r.id, itemName: r.name, pricePaise: r.pricePaise, discountPaise: applied?.shares[i] ?? 0 }));
        // Shipping is worked out again here from the shop's rates, whatever the checkout showed.
        const shipTo = toSnapshot(shipping);
        const money = priceOrder(ctx.store, lines.map((l) => l.pricePaise), shipTo.country, applied?.discountPaise ?? 0);
        const row = await orders.create(t, {
          totalQty: lines.length, totalPaise: money.totalPaise, shippingPaise: money.shippingPaise,
          discountCodeId: applied?.discount.id ?? null, discountCode: applied?.discount.code ?? '', discountPaise: money.discountPaise,
          shippingAddress: shipTo, billingAddress: toSnapshot(billing),
          paymentMethodId: body.paymentMethodId, origin: body.origin,
          // A dollar shop's customer saw dollars at today's rate: kept so the receipt shows them as they were.
          usdRate: ctx.store.currency === 'USD' ? ctx.store.usdRate : null,
          reservedUntil: new Date(now.getTime() + ctx.store.reservationMinutes * 60_000), placedOn: now,
        }, lines);
        const event = await orders.recordEvent(t, { storeId: ctx.store.id, orderId: row.id, kind: 'placed', key: 'placed', actor: 'customer', at: row.placedOn });
        queued = await messages.queue(t, row, event);
        return row;
      }).catch(async (e: unknown) => {
        // A code the shop does not have counts against the customer's tries once the order's transaction is rolled back.
        if (e instanceof AppError && e.code === 'discount_unknown') await discounts.countUnknownCode(ctx, ctx.actor.customerId);
        throw e;
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

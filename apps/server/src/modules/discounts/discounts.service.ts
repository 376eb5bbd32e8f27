import type { AdminDiscount, DiscountFields, DiscountRefusal } from '@gemstore/contracts';
import { formatDate, formatPaise } from '@gemstore/contracts/format';
import type { Database } from '@gemstore/db';
import { executor, type RequestContext, type Scope, shopScope, type StaffContext, within } from '../../lib/context.ts';
import { uniqueViolation } from '../../lib/db.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { assertUnderLimit, countHit, type Limit } from '../../lib/rate-limit.ts';
import { shareDiscount } from '../../lib/order-totals.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { changedFields } from '../audit/audit.service.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import * as repo from './discounts.repo.ts';

export type DiscountRow = repo.DiscountRow;

/** Codes start and end on India's days, whatever the shop's own time zone. */
const INDIA = 'Asia/Kolkata';
const indiaDays = new Intl.DateTimeFormat('en-CA', { timeZone: INDIA, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today in India, as YYYY-MM-DD. */
export function indiaToday(now: Date): string {
  return indiaDays.format(now);
}

const dayShown = (day: string) => formatDate(`${day}T12:00:00+05:30`, INDIA);

/** The least an order can be paid with: a discount leaves at least this much. */
const LEAST_PAYMENT_PAISE = 100;

/** A stone of the checkout as a code judges it. */
export interface PricedLine { pricePaise: number; productId: number }

export type DiscountOutcome =
  | { applies: true; discount: DiscountRow; discountPaise: number; shares: number[]; label: string }
  | { applies: false; refusal: DiscountRefusal; message: string };

const refused = (refusal: DiscountRefusal, message: string): DiscountOutcome => ({ applies: false, refusal, message });

/** What staff typed, as a row keeps it (rupees and percent in hundredths). */
function toValues(f: DiscountFields) {
  return {
    code: f.code, kind: f.kind, value: Math.round(f.value * 100), minOrderPaise: Math.round(f.min_order * 100),
    startsOn: f.starts_on, endsOn: f.ends_on, maxUses: f.max_uses, maxUsesPerCustomer: f.max_uses_per_customer, productIds: f.product_ids,
  };
}

/** How a code reads in the checkout's Promotion line: "SUMMER10: 10% off", "DIWALI: Rs. 500.00 off" (rupees, as the customer is charged). */
export function discountLabel(d: Pick<DiscountRow, 'code' | 'kind' | 'value'>): string {
  return d.kind === 'percent' ? `${d.code}: ${d.value / 100}% off` : `${d.code}: ${formatPaise(d.value)} off`;
}

function statusLabel(d: DiscountRow, uses: number, today: string): string {
  if (d.paused) return 'Paused';
  if (today < d.startsOn) return 'Scheduled';
  if (d.endsOn !== null && today > d.endsOn) return 'Ended';
  if (d.maxUses !== null && uses >= d.maxUses) return 'Used up';
  return 'Active';
}

function toAdmin(d: DiscountRow, uses: number, now: Date): AdminDiscount {
  return {
    id: d.id, code: d.code, kind: d.kind, value: d.value / 100, min_order: d.minOrderPaise / 100, starts_on: d.startsOn, ends_on: d.endsOn,
    max_uses: d.maxUses, max_uses_per_customer: d.maxUsesPerCustomer, product_ids: d.productIds, paused: d.paused, uses,
    status_label: statusLabel(d, uses, indiaToday(now)),
  };
}

/**
 * Discount codes: staff keep them on the Discounts page, and checkouts ask whether one applies to
 * their stones and what it takes off (the checkout flow asks again, with the code's row locked, as
 * the order is written).
 */
export function createDiscountsService({ db, audit, catalog, orders, guesses }: {
  db: Database; audit: AuditService; catalog: CatalogService; orders: OrdersService;
  /** How many codes the shop does not have one customer may try per window. */
  guesses: { max: number; windowSeconds: number };
}) {
  /** A customer's codes that are not the shop's: counted so that codes cannot be found by trying them in turn. */
  const guessLimit = (ctx: RequestContext, customerId: number): Limit => ({
    key: `discount-guess:${ctx.store.id}:${customerId}`, ...guesses,
    message: 'You have tried several codes this shop does not have. Please wait a while before trying another.',
  });
  async function usesOf(ctx: RequestContext, id: number): Promise<number> {
    return (await orders.discountUses(ctx)).get(id) ?? 0;
  }

  /** 422 on product_ids unless every gem type is the store's; 422 on code when another code of the shop reads the same. */
  async function check(ctx: StaffContext, f: DiscountFields, id: number | null): Promise<void> {
    const known = new Set((await catalog.productTaxes(ctx)).map((p) => p.id));
    const errors: Record<string, string[]> = {};
    if (f.product_ids.some((p) => !known.has(p))) errors.product_ids = ['Choose gem types of this shop.'];
    const same = await repo.findDiscountByCode(executor(db, ctx), ctx.store.id, f.code);
    if (same && same.id !== id) errors.code = [`The code ${same.code} is in use already; choose another.`];
    if (Object.keys(errors).length) throw new ValidationError(errors);
  }

  /** Two saves of one code at once: the unique index refuses the second, told like the check above. */
  async function saving<T>(f: DiscountFields, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (uniqueViolation(err) === 'discount_codes_store_code') throw ValidationError.field('code', `The code ${f.code} is in use already; choose another.`);
      throw err;
    }
  }

  return {
    async list(ctx: StaffContext, now = new Date()) {
      const [rows, uses, products] = await Promise.all([repo.listDiscounts(executor(db, ctx), ctx.store.id), orders.discountUses(ctx), catalog.productTaxes(ctx)]);
      return { discounts: rows.map((r) => toAdmin(r, uses.get(r.id) ?? 0, now)), gem_types: products.map((p) => ({ id: p.id, name: p.name })) };
    },

    async create(ctx: StaffContext, f: DiscountFields, now = new Date()) {
      await check(ctx, f, null);
      const row = await saving(f, () => db.transaction(async (tx) => {
        const made = await repo.insertDiscount(tx, { storeId: ctx.store.id, ...toValues(f) });
        await audit.record(within(ctx, tx), { action: 'discount.create', objectType: 'discount', objectId: made.id, changes: changedFields(null, toAdmin(made, 0, now)) });
        return made;
      }));
      return { discount: toAdmin(row, 0, now), message: `The code ${row.code} was added.` };
    },

    async update(ctx: StaffContext, id: number, f: DiscountFields, now = new Date()) {
      const before = await repo.findDiscount(executor(db, ctx), ctx.store.id, id);
      if (!before) throw new NotFoundError('This discount code does not exist.');
      await check(ctx, f, id);
      const row = await saving(f, () => db.transaction(async (tx) => {
        const after = (await repo.updateDiscount(tx, ctx.store.id, id, toValues(f)))!;
        const changes = changedFields<Record<string, unknown>>(toAdmin(before, 0, now), toAdmin(after, 0, now));
        if (Object.keys(changes).length) await audit.record(within(ctx, tx), { action: 'discount.update', objectType: 'discount', objectId: id, changes });
        return after;
      }));
      return { discount: toAdmin(row, await usesOf(ctx, id), now), message: `The code ${row.code} was saved.` };
    },

    async pause(ctx: StaffContext, id: number, paused: boolean, now = new Date()) {
      const row = await db.transaction(async (tx) => {
        const after = await repo.updateDiscount(tx, ctx.store.id, id, { paused });
        if (!after) throw new NotFoundError('This discount code does not exist.');
        await audit.record(within(ctx, tx), { action: paused ? 'discount.pause' : 'discount.resume', objectType: 'discount', objectId: id, changes: {} });
        return after;
      });
      return { discount: toAdmin(row, await usesOf(ctx, id), now), message: paused ? `The code ${row.code} is paused.` : `The code ${row.code} can be used again.` };
    },

    /**
     * Whether the code applies to these stones of this customer today, and what it takes off each
     * line. With `lock` (inside the order's transaction) the code's row stays locked until the order
     * commits, so the uses counted here are still true when the order takes one.
     */
    async evaluate(ctx: RequestContext, input: { code: string; lines: PricedLine[]; customerId: number; now: Date; lock?: boolean }): Promise<DiscountOutcome> {
      const d = await repo.findDiscountByCode(executor(db, ctx), ctx.store.id, input.code.trim(), input.lock ?? false);
      if (!d) return refused('discount_unknown', `${input.code.trim()} is not a code of this shop.`);
      if (d.paused) return refused('discount_paused', `The code ${d.code} cannot be used at the moment.`);
      const today = indiaToday(input.now);
      if (today < d.startsOn) return refused('discount_not_started', `The code ${d.code} can be used from ${dayShown(d.startsOn)}.`);
      if (d.endsOn !== null && today > d.endsOn) return refused('discount_ended', `The code ${d.code} ended on ${dayShown(d.endsOn)}.`);
      const eligible = input.lines.map((l) => d.productIds.length === 0 || d.productIds.includes(l.productId));
      if (!eligible.some(Boolean)) return refused('discount_not_applicable', `The code ${d.code} is for other gem types than the stones in your order.`);
      const stonesPaise = input.lines.reduce((s, l) => s + l.pricePaise, 0);
      if (stonesPaise < d.minOrderPaise) {
        return refused('discount_below_minimum', `The code ${d.code} is for orders of ${formatPaise(d.minOrderPaise)} or more.`);
      }
      const uses = await orders.discountUsesOf(ctx, d.id, input.customerId);
      if (d.maxUses !== null && uses.total >= d.maxUses) return refused('discount_used_up', `The code ${d.code} has been used as many times as it can be.`);
      if (d.maxUsesPerCustomer !== null && uses.mine >= d.maxUsesPerCustomer) {
        return refused('discount_used_by_you', d.maxUsesPerCustomer === 1 ? `You have used the code ${d.code} already.` : `You have used the code ${d.code} as many times as it allows.`);
      }
      const eligiblePaise = input.lines.reduce((s, l, i) => s + (eligible[i] ? l.pricePaise : 0), 0);
      // Percent: rounded half up to the paisa; a fixed amount never more than the stones it applies to;
      // and the order always leaves ₹ 1.00 to pay, as a payment of nothing cannot be taken.
      const raw = d.kind === 'percent' ? Math.floor((eligiblePaise * d.value + 5000) / 10000) : d.value;
      const discountPaise = Math.max(0, Math.min(raw, eligiblePaise, stonesPaise - LEAST_PAYMENT_PAISE));
      const shares = shareDiscount(input.lines.map((l, i) => ({ pricePaise: l.pricePaise, eligible: eligible[i]! })), discountPaise);
      return { applies: true, discount: d, discountPaise, shares, label: discountLabel(d) };
    },

    /**
     * Whether a lapsed order may hold its code's use again (renewed by retry-pay, or paid late): the
     * code's row locked for the caller's transaction, and neither limit reached meanwhile. Answers
     * the refusal, or null when it may.
     */
    async retakeRefusal(scope: Scope, order: { storeId: number; customerId: number; discountCodeId: number | null }) {
      if (order.discountCodeId === null) return null;
      const d = (await repo.findDiscount(executor(db, scope), order.storeId, order.discountCodeId, true))!;
      const uses = await orders.discountUsesOf(shopScope(order.storeId, scope.tx), d.id, order.customerId);
      if (d.maxUses !== null && uses.total >= d.maxUses) {
        return refused('discount_used_up', `The code ${d.code} has been used as many times as it can be since this order lapsed. Please place a new order.`) as Extract<DiscountOutcome, { applies: false }>;
      }
      if (d.maxUsesPerCustomer !== null && uses.mine >= d.maxUsesPerCustomer) {
        return refused('discount_used_by_you', `You have used the code ${d.code} on another order since this one lapsed. Please place a new order.`) as Extract<DiscountOutcome, { applies: false }>;
      }
      return null;
    },

    /** A refusal as place-order answers it. */
    refusalError: (o: Extract<DiscountOutcome, { applies: false }>) => new ConflictError(o.message, o.refusal),

    /**
     * Before a code is looked up: 429 once the customer has tried too many codes the shop does not
     * have, whether the next one is right or not (else the limit would still tell a real code).
     */
    assertMayTryCode: (ctx: RequestContext, customerId: number) => assertUnderLimit(executor(db, ctx), guessLimit(ctx, customerId)),
    /** Counts a code the shop does not have (outside the order's transaction, which a refusal rolls back). */
    countUnknownCode: (ctx: RequestContext, customerId: number) => countHit(executor(db, ctx), guessLimit(ctx, customerId)),
  };
}

export type DiscountsService = ReturnType<typeof createDiscountsService>;

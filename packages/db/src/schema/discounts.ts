import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { shopKey } from './keys.ts';
import { stores } from './stores.ts';

/** percent: a share of the eligible stones' value; fixed: an amount off them. */
export const discountKind = pgEnum('discount_kind', ['percent', 'fixed']);

/**
 * A discount code of a shop. A use is an order that carries the code (orders.discount_code_id)
 * while it is pending or paid: an order that lapses unpaid or is cancelled gives its use back
 * without a write of its own. Placing an order locks the code's row, so uses are counted and
 * taken one checkout at a time.
 */
export const discountCodes = pgTable('discount_codes', {
  id: serial('id'),
  storeId: integer('store_id').notNull().references(() => stores.id, { onDelete: 'cascade' }),
  /** As staff typed it; customers may type it in any case. */
  code: text('code').notNull(),
  kind: discountKind('kind').notNull(),
  /** percent: basis points of a percent off (1250 = 12.5%); fixed: paise off. */
  value: integer('value').notNull(),
  minOrderPaise: bigint('min_order_paise', { mode: 'number' }).notNull().default(0),
  /** India dates, both days included; no end date: open-ended. */
  startsOn: date('starts_on', { mode: 'string' }).notNull(),
  endsOn: date('ends_on', { mode: 'string' }),
  /** null: no limit. */
  maxUses: integer('max_uses'),
  maxUsesPerCustomer: integer('max_uses_per_customer'),
  /** Gem types (products) whose stones it applies to; empty: every stone. */
  productIds: integer('product_ids').array().notNull().default(sql`'{}'::integer[]`),
  paused: boolean('paused').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  shopKey(t),
  uniqueIndex('discount_codes_store_code').on(t.storeId, sql`lower(${t.code})`),
  index('discount_codes_store').on(t.storeId),
  check('discount_codes_value_positive', sql`${t.value} > 0`),
]);

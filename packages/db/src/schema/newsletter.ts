import { integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { shopKey } from './keys.ts';
import { stores } from './stores.ts';

/**
 * pending: asked, the confirmation link not yet opened; confirmed: double opt-in done;
 * unsubscribed: left through the link in a newsletter email (kept so staff see it, and never mailed).
 */
export const newsletterStatus = pgEnum('newsletter_status', ['pending', 'confirmed', 'unsubscribed']);

/** A store's newsletter list: one row per address, added only once its owner opens the emailed link. */
export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: serial('id'),
  storeId: integer('store_id').notNull().references(() => stores.id, { onDelete: 'cascade' }),
  /** Lower-cased. */
  email: text('email').notNull(),
  status: newsletterStatus('status').notNull().default('pending'),
  /** SHA-256 of the confirmation link's token; null once confirmed. */
  tokenHash: text('token_hash'),
  tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
}, (t) => [
  shopKey(t),
  uniqueIndex('newsletter_store_email').on(t.storeId, t.email),
  uniqueIndex('newsletter_token').on(t.tokenHash, t.storeId),
]);

import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The store's display configuration, named as the storefront API's store profile names it. */
export interface StoreConfiguration {
  header: { phone: string; address: string };
  footer: { contact: { address: string; email: string; phone: string }; copyright: string };
  social: { facebook?: string; twitter?: string; instagram?: string; youtube?: string };
  mapEmbedUrl?: string;
  whatsappPhone?: string;
  /**
   * The home page's slides, in order: a picture, its words (alt text, optional caption) and an
   * optional link; an optional picture for phones and the focal point in percent (left, top).
   */
  slider: { image: string; alt: string; text?: string; href?: string; phoneImage?: string; focalX?: number; focalY?: number }[];
  banners: { image: string; alt: string; href: string; text?: string }[];
  /** Origins that may show the shop's pages in a frame (CSP frame-ancestors); none when unset. */
  allowedEmbedOrigins?: string[];
}

export const stores = pgTable('stores', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  isFromIndia: boolean('is_from_india').notNull().default(true),
  /** The currency prices are shown in: INR, or USD at usdRate. */
  currency: text('currency', { enum: ['INR', 'USD'] }).notNull().default('INR'),
  /** Dollars per rupee for stores that display USD (0.015 unless the store sets its own). */
  usdRate: doublePrecision('usd_rate').notNull().default(0.015),
  /** The store's definition of one ratti in milligrams: shops differ (182, 182.25, 121.5); 182 is the common one. */
  rattiMg: doublePrecision('ratti_mg').notNull().default(182),
  /** GST percentage included in displayed prices (HSN 7103). */
  phoneCountryCode: text('phone_country_code').notNull().default('91'),
  addressCity: text('address_city').notNull().default(''),
  addressState: text('address_state').notNull().default(''),
  addressCountry: text('address_country').notNull().default(''),
  logoPath: text('logo_path').notNull().default(''),
  configuration: jsonb('configuration').$type<StoreConfiguration>().notNull(),
  /** How long an unpaid order holds its stones. */
  reservationMinutes: integer('reservation_minutes').notNull().default(15),
  /** 'sandbox' or 'razorpay'. */
  paymentProvider: text('payment_provider').notNull().default('sandbox'),
  /** Payment method ids enabled for this store (1001 = Razorpay). */
  paymentMethodIds: jsonb('payment_method_ids').$type<number[]>().notNull().default([1001]),
  /** The seller on tax invoices (stores from India): legal name, registered address, GSTIN and state (ISO id `IN-RJ`). */
  legalName: text('legal_name').notNull().default(''),
  taxAddress: text('tax_address').notNull().default(''),
  gstin: text('gstin').notNull().default(''),
  taxStateId: text('tax_state_id').notNull().default(''),
  /** Start of the invoice numbers (`RG` -> `RG/26-27/000123`), at most 3 characters. */
  invoicePrefix: text('invoice_prefix').notNull().default('INV'),
  /**
   * Shipping, a flat amount per order by zone: the shop's own country (addressCountry, India when
   * unset) and the rest of the world. An order whose stones are worth the zone's free-from amount or
   * more ships free; null: never free.
   */
  shippingHomePaise: bigint('shipping_home_paise', { mode: 'number' }).notNull().default(0),
  shippingHomeFreeFromPaise: bigint('shipping_home_free_from_paise', { mode: 'number' }),
  shippingAbroadPaise: bigint('shipping_abroad_paise', { mode: 'number' }).notNull().default(0),
  shippingAbroadFreeFromPaise: bigint('shipping_abroad_free_from_paise', { mode: 'number' }),
  /** Staff must sign in with a second factor (TOTP) before the back office lets them work. */
  staffTwoFactorRequired: boolean('staff_two_factor_required').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every hostname that selects a store; the `domain` header is looked up here. */
export const storeDomains = pgTable('store_domains', {
  domain: text('domain').primaryKey(),
  storeId: integer('store_id').notNull().references(() => stores.id, { onDelete: 'cascade' }),
  /**
   * The store's own address: canonical links, the sitemap and structured data name it whatever
   * hostname a request came on. At most one per store; without one, the first domain by name.
   */
  isPrimary: boolean('is_primary').notNull().default(false),
}, (t) => [uniqueIndex('store_domains_one_primary').on(t.storeId).where(sql`${t.isPrimary}`)]);

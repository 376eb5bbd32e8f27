import { sql } from 'drizzle-orm';
import {
  bigint, customType, doublePrecision, foreignKey, index, integer, pgEnum, pgTable, primaryKey, serial, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { shopKey } from './keys.ts';
import { STONE_TREATMENTS } from '@gemstore/contracts/constants';
import { stores } from './stores.ts';

/** A full-text document (PostgreSQL tsvector); written by the database as a generated column, never by the app. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const storeRef = () => integer('store_id').notNull().references(() => stores.id, { onDelete: 'cascade' });

export const productCategories = pgTable('product_categories', {
  id: serial('id'),
  storeId: storeRef(),
  parentId: integer('parent_id'),
  name: text('name').notNull(),
  url: text('url').notNull(),
  image: text('image').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
}, (t) => [shopKey(t), uniqueIndex('product_categories_store_url').on(t.storeId, t.url)]);

export const products = pgTable('products', {
  id: serial('id'),
  storeId: storeRef(),
  categoryId: integer('category_id').notNull(),
  name: text('name').notNull(),
  alias: text('alias').notNull(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  image: text('image').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
  /**
   * The gem type's HSN code and its GST rate in basis points of a percent (25 = 0.25%), store data
   * set under Tax settings (India's GST: 7103 coloured stones 0.25%, 7102 diamonds 1.5%, 7101 pearls 3%).
   */
  hsnCode: text('hsn_code').notNull().default('7103'),
  gstRateBp: integer('gst_rate_bp').notNull().default(25),
}, (t) => [
  shopKey(t),
  foreignKey({ name: 'products_category_fk', columns: [t.storeId, t.categoryId], foreignColumns: [productCategories.storeId, productCategories.id] }).onDelete('cascade'),
  uniqueIndex('products_store_url').on(t.storeId, t.url),
  index('products_store_category').on(t.storeId, t.categoryId),
]);

/** Attribute masters: each store keeps its own ladder of values. */
function attributeTable<N extends string, C extends string>(name: N, valueColumn: C) {
  return pgTable(name, {
    id: serial('id'),
    storeId: storeRef(),
    value: text(valueColumn).notNull(),
    alias: text('alias').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  }, (t) => [shopKey(t), index(`${name}_store`).on(t.storeId)]);
}
export const grades = attributeTable('grades', 'grade');
export const colors = attributeTable('colors', 'color');
export const clarities = attributeTable('clarities', 'clarity');
export const shapes = attributeTable('shapes', 'shape');
export const origins = attributeTable('origins', 'origin');

/**
 * The colours and origins that suit a gem type (a ruby is pigeon blood or pinkish red, from Burma or
 * Mozambique): the stone form offers only these for a stone of that type, and the server holds a
 * stone to them when a value is chosen. A gem type with none listed takes every value of the store.
 */
function suitedValues<N extends string>(name: N, valueColumn: string, values: typeof colors | typeof origins) {
  return pgTable(name, {
    storeId: storeRef(),
    productId: integer('product_id').notNull(),
    valueId: integer(valueColumn).notNull(),
  }, (t) => [
    primaryKey({ columns: [t.productId, t.valueId, t.storeId] }),
    foreignKey({ name: `${name}_product_fk`, columns: [t.storeId, t.productId], foreignColumns: [products.storeId, products.id] }).onDelete('cascade'),
    foreignKey({ name: `${name}_value_fk`, columns: [t.storeId, t.valueId], foreignColumns: [values.storeId, values.id] }).onDelete('cascade'),
  ]);
}
export const productColors = suitedValues('product_colors', 'color_id', colors);
export const productOrigins = suitedValues('product_origins', 'origin_id', origins);

/** Standard ratti buckets ("5.25+"), the values the listing's ratti slider filters on. */
export const rattis = pgTable('rattis', {
  id: serial('id'),
  storeId: storeRef(),
  ratiStandard: doublePrecision('rati_standard').notNull(),
}, (t) => [shopKey(t), uniqueIndex('rattis_store_value').on(t.storeId, t.ratiStandard)]);

/**
 * A stone's state. Staff set draft, available and hidden; orders alone set reserved and sold. Only
 * an available stone is listed, carted or reserved; draft and hidden ones are not on the storefront.
 */
export const itemStatus = pgEnum('item_status', ['available', 'reserved', 'sold', 'draft', 'hidden']);

/** What was done to a stone beyond cutting, as the trade discloses it (contracts STONE_TREATMENTS). */
export const stoneTreatment = pgEnum('stone_treatment', STONE_TREATMENTS);

/** One unique stone. */
export const items = pgTable('items', {
  id: serial('id'),
  storeId: storeRef(),
  productId: integer('product_id').notNull(),
  gin: text('gin').notNull(),
  url: text('url').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  weightMg: integer('weight_mg').notNull(),
  widthMm: doublePrecision('width_mm').notNull(),
  lengthMm: doublePrecision('length_mm').notNull(),
  depthMm: doublePrecision('depth_mm').notNull(),
  gradeId: integer('grade_id').notNull(),
  colorId: integer('color_id').notNull(),
  clarityId: integer('clarity_id').notNull(),
  shapeId: integer('shape_id').notNull(),
  originId: integer('origin_id').notNull(),
  /** A disclosure the seller owes: "none" when nothing was done (and for stones added before it was asked). */
  treatment: stoneTreatment('treatment').notNull().default('none'),
  rattiId: integer('ratti_id').notNull(),
  /** Price in paise, GST included. */
  pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
  status: itemStatus('status').notNull().default('available'),
  image: text('image').notNull().default(''),
  certificateImage: text('certificate_image').notNull().default(''),
  certificateLab: text('certificate_lab').notNull().default(''),
  certificateNumber: text('certificate_number').notNull().default(''),
  /** The lab's page for this report (https); null when the lab has none. */
  certificateVerificationUrl: text('certificate_verification_url'),
  /** Uploaded pictures in the order shown (names as in contracts/media.ts); `image` is the first one's. */
  photos: text('photos').array().notNull().default(sql`'{}'::text[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * The stone's own words for search (name, gin, certificate lab and number, description), kept by
   * the database. Names it shows from other tables (gem, colour, origin ...) are matched through those
   * tables at query time, so renaming one never leaves a stale word here (docs/decisions/0021).
   */
  search: tsvector('search').generatedAlwaysAs(sql`setweight(to_tsvector('simple', name || ' ' || gin || ' ' || certificate_lab || ' ' || certificate_number), 'A') || setweight(to_tsvector('simple', description), 'D')`),
}, (t) => [
  shopKey(t),
  foreignKey({ name: 'items_product_fk', columns: [t.storeId, t.productId], foreignColumns: [products.storeId, products.id] }).onDelete('cascade'),
  foreignKey({ name: 'items_grade_fk', columns: [t.storeId, t.gradeId], foreignColumns: [grades.storeId, grades.id] }),
  foreignKey({ name: 'items_color_fk', columns: [t.storeId, t.colorId], foreignColumns: [colors.storeId, colors.id] }),
  foreignKey({ name: 'items_clarity_fk', columns: [t.storeId, t.clarityId], foreignColumns: [clarities.storeId, clarities.id] }),
  foreignKey({ name: 'items_shape_fk', columns: [t.storeId, t.shapeId], foreignColumns: [shapes.storeId, shapes.id] }),
  foreignKey({ name: 'items_origin_fk', columns: [t.storeId, t.originId], foreignColumns: [origins.storeId, origins.id] }),
  foreignKey({ name: 'items_ratti_fk', columns: [t.storeId, t.rattiId], foreignColumns: [rattis.storeId, rattis.id] }),
  uniqueIndex('items_store_url').on(t.storeId, t.url),
  uniqueIndex('items_store_gin').on(t.storeId, t.gin),
  index('items_store_product').on(t.storeId, t.productId),
  index('items_search').using('gin', t.search),
  // The listing's covering index (INCLUDE columns) lives in hand-written migrations: 0001_listing_index.sql, and the treatment migration adds its column.
]);

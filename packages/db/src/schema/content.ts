import { boolean, foreignKey, index, integer, jsonb, pgEnum, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tsvector } from './catalog.ts';
import { shopKey } from './keys.ts';
import { stores } from './stores.ts';

const storeRef = () => integer('store_id').notNull().references(() => stores.id, { onDelete: 'cascade' });

export const pageCategories = pgTable('page_categories', {
  id: serial('id'),
  storeId: storeRef(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
}, (t) => [shopKey(t)]);

/** Where a page is linked: inside a page category menu, the footer's Policies or Know Us, or the menu's 'Non Categorized Pages'. */
export const pagePlacement = pgEnum('page_placement', ['category', 'policy', 'know_us', 'non_categorized']);

export const pages = pgTable('pages', {
  id: serial('id'),
  storeId: storeRef(),
  pageCategoryId: integer('page_category_id'),
  placement: pagePlacement('placement').notNull(),
  title: text('title').notNull(),
  url: text('url').notNull(),
  /** Sanitised HTML. */
  body: text('body').notNull(),
  metaDescription: text('meta_description').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
  /** Title and text for search, kept by the database (HTML tags are not indexed: the parser drops them). */
  search: tsvector('search').generatedAlwaysAs(sql`setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', meta_description || ' ' || body), 'D')`),
}, (t) => [
  shopKey(t),
  // Deleting a category empties only page_category_id (the migration writes SET NULL's column list, which Drizzle cannot).
  foreignKey({ name: 'pages_page_category_fk', columns: [t.storeId, t.pageCategoryId], foreignColumns: [pageCategories.storeId, pageCategories.id] }).onDelete('set null'),
  uniqueIndex('pages_store_url').on(t.storeId, t.url),
  index('pages_search').using('gin', t.search),
]);

export const postCategories = pgTable('post_categories', {
  id: serial('id'),
  storeId: storeRef(),
  slug: text('slug').notNull(),
  name: text('name').notNull(),
}, (t) => [shopKey(t), uniqueIndex('post_categories_store_slug').on(t.storeId, t.slug)]);

export const posts = pgTable('posts', {
  id: serial('id'),
  storeId: storeRef(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  /** Sanitised HTML. */
  body: text('body').notNull(),
  url: text('url').notNull(),
  coverPhotoUrl: text('cover_photo_url'),
  /** SEO meta values: [{name, content}]. */
  metaValues: jsonb('meta_values').$type<{ name: string; content: string }[]>().notNull().default([]),
  published: boolean('published').notNull().default(true),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  shopKey(t),
  uniqueIndex('posts_store_url').on(t.storeId, t.url),
  index('posts_store_published').on(t.storeId, t.publishedAt.desc(), t.id.desc()),
]);

export const postCategoryLinks = pgTable('post_category_links', {
  storeId: storeRef(),
  postId: integer('post_id').notNull(),
  categoryId: integer('category_id').notNull(),
}, (t) => [
  primaryKey({ columns: [t.postId, t.categoryId, t.storeId] }),
  foreignKey({ name: 'post_category_links_post_fk', columns: [t.storeId, t.postId], foreignColumns: [posts.storeId, posts.id] }).onDelete('cascade'),
  foreignKey({ name: 'post_category_links_category_fk', columns: [t.storeId, t.categoryId], foreignColumns: [postCategories.storeId, postCategories.id] }).onDelete('cascade'),
  index('post_category_links_category').on(t.categoryId),
]);

/** The footer form's messages: the back office's inbox (replied by email, then marked handled). */
export const enquiries = pgTable('enquiries', {
  id: serial('id'),
  storeId: storeRef(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set when a member marks it handled (null again when reopened); the member is in the audit log. */
  handledAt: timestamp('handled_at', { withTimezone: true }),
}, (t) => [shopKey(t), index('enquiries_store_created').on(t.storeId, t.createdAt)]);

/** A member's emailed answer to an enquiry, kept with it. */
export const enquiryReplies = pgTable('enquiry_replies', {
  id: serial('id'),
  storeId: storeRef(),
  enquiryId: integer('enquiry_id').notNull(),
  /** The member who wrote it (staff ids are never deleted: a removed member's row stays). */
  staffId: integer('staff_id').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  shopKey(t),
  foreignKey({ name: 'enquiry_replies_enquiry_fk', columns: [t.storeId, t.enquiryId], foreignColumns: [enquiries.storeId, enquiries.id] }).onDelete('cascade'),
  index('enquiry_replies_enquiry').on(t.enquiryId),
]);

-- Every shop-owned table can be split across database nodes by store_id (docs/decisions/0043):
-- each row names its shop, every primary key and unique index holds store_id, and a reference
-- between two shop-owned tables matches (store_id, x_id) to the parent's (store_id, id), so no
-- key or reference ever joins two shops' rows. Ids still come from each table's sequence, so
-- they stay unique on their own and the API and addresses are unchanged.
--
-- Written by drizzle-kit, then edited by hand: the steps are put in an order that works on a
-- database holding data (references dropped before the keys they use, keys before the new
-- references), the old primary keys are named (drizzle-kit cannot), the seven child tables that
-- lacked store_id get it from their parent row before it becomes NOT NULL, and the three
-- references that empty a column on delete name that column (SET NULL (column), which Drizzle's
-- schema cannot say; a plain SET NULL would empty store_id too).

-- 1. References between shop-owned tables by id alone.
ALTER TABLE "items" DROP CONSTRAINT "items_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "items" DROP CONSTRAINT "items_grade_id_grades_id_fk";--> statement-breakpoint
ALTER TABLE "items" DROP CONSTRAINT "items_color_id_colors_id_fk";--> statement-breakpoint
ALTER TABLE "items" DROP CONSTRAINT "items_clarity_id_clarities_id_fk";--> statement-breakpoint
ALTER TABLE "items" DROP CONSTRAINT "items_shape_id_shapes_id_fk";--> statement-breakpoint
ALTER TABLE "items" DROP CONSTRAINT "items_origin_id_origins_id_fk";--> statement-breakpoint
ALTER TABLE "items" DROP CONSTRAINT "items_ratti_id_rattis_id_fk";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_category_id_product_categories_id_fk";--> statement-breakpoint
ALTER TABLE "enquiry_replies" DROP CONSTRAINT "enquiry_replies_enquiry_id_enquiries_id_fk";--> statement-breakpoint
ALTER TABLE "pages" DROP CONSTRAINT "pages_page_category_id_page_categories_id_fk";--> statement-breakpoint
ALTER TABLE "post_category_links" DROP CONSTRAINT "post_category_links_post_id_posts_id_fk";--> statement-breakpoint
ALTER TABLE "post_category_links" DROP CONSTRAINT "post_category_links_category_id_post_categories_id_fk";--> statement-breakpoint
ALTER TABLE "addresses" DROP CONSTRAINT "addresses_customer_id_customers_id_fk";--> statement-breakpoint
ALTER TABLE "auth_tokens" DROP CONSTRAINT "auth_tokens_customer_id_customers_id_fk";--> statement-breakpoint
ALTER TABLE "cart_lines" DROP CONSTRAINT "cart_lines_customer_id_customers_id_fk";--> statement-breakpoint
ALTER TABLE "otp_codes" DROP CONSTRAINT "otp_codes_customer_id_customers_id_fk";--> statement-breakpoint
ALTER TABLE "password_reset_tokens" DROP CONSTRAINT "password_reset_tokens_customer_id_customers_id_fk";--> statement-breakpoint
ALTER TABLE "wishlist_items" DROP CONSTRAINT "wishlist_items_customer_id_customers_id_fk";--> statement-breakpoint
ALTER TABLE "order_dispatches" DROP CONSTRAINT "order_dispatches_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_staff_id_staff_id_fk";--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_item_id_items_id_fk";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_customer_id_customers_id_fk";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "refund_lines" DROP CONSTRAINT "refund_lines_refund_id_refunds_id_fk";--> statement-breakpoint
ALTER TABLE "refund_lines" DROP CONSTRAINT "refund_lines_order_line_id_order_lines_id_fk";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_payment_id_payments_id_fk";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_return_id_return_requests_id_fk";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_staff_id_staff_id_fk";--> statement-breakpoint
ALTER TABLE "return_images" DROP CONSTRAINT "return_images_return_id_return_requests_id_fk";--> statement-breakpoint
ALTER TABLE "return_lines" DROP CONSTRAINT "return_lines_return_id_return_requests_id_fk";--> statement-breakpoint
ALTER TABLE "return_lines" DROP CONSTRAINT "return_lines_order_line_id_order_lines_id_fk";--> statement-breakpoint
ALTER TABLE "return_requests" DROP CONSTRAINT "return_requests_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "return_requests" DROP CONSTRAINT "return_requests_customer_id_customers_id_fk";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_staff_id_staff_id_fk";--> statement-breakpoint
ALTER TABLE "staff_invitations" DROP CONSTRAINT "staff_invitations_staff_id_staff_id_fk";--> statement-breakpoint
ALTER TABLE "staff_login_challenges" DROP CONSTRAINT "staff_login_challenges_staff_id_staff_id_fk";--> statement-breakpoint
ALTER TABLE "staff_recovery_codes" DROP CONSTRAINT "staff_recovery_codes_staff_id_staff_id_fk";--> statement-breakpoint
ALTER TABLE "staff_tokens" DROP CONSTRAINT "staff_tokens_staff_id_staff_id_fk";--> statement-breakpoint
ALTER TABLE "import_jobs" DROP CONSTRAINT "import_jobs_staff_id_staff_id_fk";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_order_id_orders_id_fk";--> statement-breakpoint

-- 2. Unique indexes without store_id (made again below with it).
DROP INDEX "auth_tokens_hash";--> statement-breakpoint
DROP INDEX "cart_lines_customer_item";--> statement-breakpoint
DROP INDEX "otp_codes_reg_id";--> statement-breakpoint
DROP INDEX "outbox_messages_dedupe";--> statement-breakpoint
DROP INDEX "password_reset_tokens_hash";--> statement-breakpoint
DROP INDEX "wishlist_items_customer_item";--> statement-breakpoint
DROP INDEX "order_dispatches_order";--> statement-breakpoint
DROP INDEX "order_events_order_key";--> statement-breakpoint
DROP INDEX "payments_provider_payment";--> statement-breakpoint
DROP INDEX "refund_lines_line";--> statement-breakpoint
DROP INDEX "refunds_provider_refund";--> statement-breakpoint
DROP INDEX "refunds_payment_live";--> statement-breakpoint
DROP INDEX "refunds_return_live";--> statement-breakpoint
DROP INDEX "return_lines_line";--> statement-breakpoint
DROP INDEX "staff_invitations_hash";--> statement-breakpoint
DROP INDEX "staff_login_challenges_hash";--> statement-breakpoint
DROP INDEX "staff_tokens_hash";--> statement-breakpoint
DROP INDEX "newsletter_token";--> statement-breakpoint
DROP INDEX "invoices_order";--> statement-breakpoint

-- 3. Primary keys of id alone.
ALTER TABLE "clarities" DROP CONSTRAINT "clarities_pkey";--> statement-breakpoint
ALTER TABLE "colors" DROP CONSTRAINT "colors_pkey";--> statement-breakpoint
ALTER TABLE "grades" DROP CONSTRAINT "grades_pkey";--> statement-breakpoint
ALTER TABLE "items" DROP CONSTRAINT "items_pkey";--> statement-breakpoint
ALTER TABLE "origins" DROP CONSTRAINT "origins_pkey";--> statement-breakpoint
ALTER TABLE "product_categories" DROP CONSTRAINT "product_categories_pkey";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_pkey";--> statement-breakpoint
ALTER TABLE "rattis" DROP CONSTRAINT "rattis_pkey";--> statement-breakpoint
ALTER TABLE "shapes" DROP CONSTRAINT "shapes_pkey";--> statement-breakpoint
ALTER TABLE "enquiries" DROP CONSTRAINT "enquiries_pkey";--> statement-breakpoint
ALTER TABLE "enquiry_replies" DROP CONSTRAINT "enquiry_replies_pkey";--> statement-breakpoint
ALTER TABLE "page_categories" DROP CONSTRAINT "page_categories_pkey";--> statement-breakpoint
ALTER TABLE "pages" DROP CONSTRAINT "pages_pkey";--> statement-breakpoint
ALTER TABLE "post_categories" DROP CONSTRAINT "post_categories_pkey";--> statement-breakpoint
ALTER TABLE "posts" DROP CONSTRAINT "posts_pkey";--> statement-breakpoint
ALTER TABLE "addresses" DROP CONSTRAINT "addresses_pkey";--> statement-breakpoint
ALTER TABLE "auth_tokens" DROP CONSTRAINT "auth_tokens_pkey";--> statement-breakpoint
ALTER TABLE "cart_lines" DROP CONSTRAINT "cart_lines_pkey";--> statement-breakpoint
ALTER TABLE "customers" DROP CONSTRAINT "customers_pkey";--> statement-breakpoint
ALTER TABLE "otp_codes" DROP CONSTRAINT "otp_codes_pkey";--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_pkey";--> statement-breakpoint
ALTER TABLE "password_reset_tokens" DROP CONSTRAINT "password_reset_tokens_pkey";--> statement-breakpoint
ALTER TABLE "wishlist_items" DROP CONSTRAINT "wishlist_items_pkey";--> statement-breakpoint
ALTER TABLE "order_dispatches" DROP CONSTRAINT "order_dispatches_pkey";--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_pkey";--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_pkey";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_pkey";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_pkey";--> statement-breakpoint
ALTER TABLE "refund_lines" DROP CONSTRAINT "refund_lines_pkey";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_pkey";--> statement-breakpoint
ALTER TABLE "return_images" DROP CONSTRAINT "return_images_pkey";--> statement-breakpoint
ALTER TABLE "return_lines" DROP CONSTRAINT "return_lines_pkey";--> statement-breakpoint
ALTER TABLE "return_requests" DROP CONSTRAINT "return_requests_pkey";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_pkey";--> statement-breakpoint
ALTER TABLE "staff" DROP CONSTRAINT "staff_pkey";--> statement-breakpoint
ALTER TABLE "staff_invitations" DROP CONSTRAINT "staff_invitations_pkey";--> statement-breakpoint
ALTER TABLE "staff_login_challenges" DROP CONSTRAINT "staff_login_challenges_pkey";--> statement-breakpoint
ALTER TABLE "staff_recovery_codes" DROP CONSTRAINT "staff_recovery_codes_pkey";--> statement-breakpoint
ALTER TABLE "staff_tokens" DROP CONSTRAINT "staff_tokens_pkey";--> statement-breakpoint
ALTER TABLE "import_jobs" DROP CONSTRAINT "import_jobs_pkey";--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" DROP CONSTRAINT "newsletter_subscribers_pkey";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_pkey";--> statement-breakpoint
ALTER TABLE "post_category_links" DROP CONSTRAINT "post_category_links_post_id_category_id_pk";--> statement-breakpoint

-- 4. store_id on the child tables that lacked it, from their parent row.
ALTER TABLE "enquiry_replies" ADD COLUMN "store_id" integer;--> statement-breakpoint
UPDATE "enquiry_replies" AS c SET "store_id" = p."store_id" FROM "enquiries" AS p WHERE p."id" = c."enquiry_id";--> statement-breakpoint
ALTER TABLE "enquiry_replies" ALTER COLUMN "store_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "post_category_links" ADD COLUMN "store_id" integer;--> statement-breakpoint
UPDATE "post_category_links" AS c SET "store_id" = p."store_id" FROM "posts" AS p WHERE p."id" = c."post_id";--> statement-breakpoint
ALTER TABLE "post_category_links" ALTER COLUMN "store_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_dispatches" ADD COLUMN "store_id" integer;--> statement-breakpoint
UPDATE "order_dispatches" AS c SET "store_id" = p."store_id" FROM "orders" AS p WHERE p."id" = c."order_id";--> statement-breakpoint
ALTER TABLE "order_dispatches" ALTER COLUMN "store_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "store_id" integer;--> statement-breakpoint
UPDATE "order_lines" AS c SET "store_id" = p."store_id" FROM "orders" AS p WHERE p."id" = c."order_id";--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "store_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD COLUMN "store_id" integer;--> statement-breakpoint
UPDATE "refund_lines" AS c SET "store_id" = p."store_id" FROM "refunds" AS p WHERE p."id" = c."refund_id";--> statement-breakpoint
ALTER TABLE "refund_lines" ALTER COLUMN "store_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "return_images" ADD COLUMN "store_id" integer;--> statement-breakpoint
UPDATE "return_images" AS c SET "store_id" = p."store_id" FROM "return_requests" AS p WHERE p."id" = c."return_id";--> statement-breakpoint
ALTER TABLE "return_images" ALTER COLUMN "store_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "return_lines" ADD COLUMN "store_id" integer;--> statement-breakpoint
UPDATE "return_lines" AS c SET "store_id" = p."store_id" FROM "return_requests" AS p WHERE p."id" = c."return_id";--> statement-breakpoint
ALTER TABLE "return_lines" ALTER COLUMN "store_id" SET NOT NULL;--> statement-breakpoint
-- Every message has always been written with its shop; the column only allowed null.
ALTER TABLE "outbox_messages" ALTER COLUMN "store_id" SET NOT NULL;--> statement-breakpoint

-- 5. Primary keys (id, store_id): id first, so a look-up by id alone still uses the index.
ALTER TABLE "clarities" ADD CONSTRAINT "clarities_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "colors" ADD CONSTRAINT "colors_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "origins" ADD CONSTRAINT "origins_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "rattis" ADD CONSTRAINT "rattis_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "shapes" ADD CONSTRAINT "shapes_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "enquiry_replies" ADD CONSTRAINT "enquiry_replies_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "page_categories" ADD CONSTRAINT "page_categories_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "post_categories" ADD CONSTRAINT "post_categories_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "post_category_links" ADD CONSTRAINT "post_category_links_post_id_category_id_store_id_pk" PRIMARY KEY("post_id","category_id","store_id");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "order_dispatches" ADD CONSTRAINT "order_dispatches_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "return_images" ADD CONSTRAINT "return_images_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "staff_login_challenges" ADD CONSTRAINT "staff_login_challenges_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "staff_recovery_codes" ADD CONSTRAINT "staff_recovery_codes_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "staff_tokens" ADD CONSTRAINT "staff_tokens_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_id_store_id_pk" PRIMARY KEY("id","store_id");--> statement-breakpoint

-- 6. The new store_id columns name their shop.
ALTER TABLE "enquiry_replies" ADD CONSTRAINT "enquiry_replies_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_category_links" ADD CONSTRAINT "post_category_links_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_dispatches" ADD CONSTRAINT "order_dispatches_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_images" ADD CONSTRAINT "return_images_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint

-- 7. References within one shop: (store_id, x_id) → parent (store_id, id).
ALTER TABLE "items" ADD CONSTRAINT "items_product_fk" FOREIGN KEY ("store_id","product_id") REFERENCES "public"."products"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_grade_fk" FOREIGN KEY ("store_id","grade_id") REFERENCES "public"."grades"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_color_fk" FOREIGN KEY ("store_id","color_id") REFERENCES "public"."colors"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_clarity_fk" FOREIGN KEY ("store_id","clarity_id") REFERENCES "public"."clarities"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_shape_fk" FOREIGN KEY ("store_id","shape_id") REFERENCES "public"."shapes"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_origin_fk" FOREIGN KEY ("store_id","origin_id") REFERENCES "public"."origins"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_ratti_fk" FOREIGN KEY ("store_id","ratti_id") REFERENCES "public"."rattis"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_fk" FOREIGN KEY ("store_id","category_id") REFERENCES "public"."product_categories"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_replies" ADD CONSTRAINT "enquiry_replies_enquiry_fk" FOREIGN KEY ("store_id","enquiry_id") REFERENCES "public"."enquiries"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_page_category_fk" FOREIGN KEY ("store_id","page_category_id") REFERENCES "public"."page_categories"("store_id","id") ON DELETE SET NULL ("page_category_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_category_links" ADD CONSTRAINT "post_category_links_post_fk" FOREIGN KEY ("store_id","post_id") REFERENCES "public"."posts"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_category_links" ADD CONSTRAINT "post_category_links_category_fk" FOREIGN KEY ("store_id","category_id") REFERENCES "public"."post_categories"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_customer_fk" FOREIGN KEY ("store_id","customer_id") REFERENCES "public"."customers"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_customer_fk" FOREIGN KEY ("store_id","customer_id") REFERENCES "public"."customers"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_customer_fk" FOREIGN KEY ("store_id","customer_id") REFERENCES "public"."customers"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_customer_fk" FOREIGN KEY ("store_id","customer_id") REFERENCES "public"."customers"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_customer_fk" FOREIGN KEY ("store_id","customer_id") REFERENCES "public"."customers"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_customer_fk" FOREIGN KEY ("store_id","customer_id") REFERENCES "public"."customers"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_dispatches" ADD CONSTRAINT "order_dispatches_order_fk" FOREIGN KEY ("store_id","order_id") REFERENCES "public"."orders"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_fk" FOREIGN KEY ("store_id","order_id") REFERENCES "public"."orders"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_staff_fk" FOREIGN KEY ("store_id","staff_id") REFERENCES "public"."staff"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_fk" FOREIGN KEY ("store_id","order_id") REFERENCES "public"."orders"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_item_fk" FOREIGN KEY ("store_id","item_id") REFERENCES "public"."items"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_fk" FOREIGN KEY ("store_id","customer_id") REFERENCES "public"."customers"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_fk" FOREIGN KEY ("store_id","order_id") REFERENCES "public"."orders"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_refund_fk" FOREIGN KEY ("store_id","refund_id") REFERENCES "public"."refunds"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_order_line_fk" FOREIGN KEY ("store_id","order_line_id") REFERENCES "public"."order_lines"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_fk" FOREIGN KEY ("store_id","order_id") REFERENCES "public"."orders"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_fk" FOREIGN KEY ("store_id","payment_id") REFERENCES "public"."payments"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_return_fk" FOREIGN KEY ("store_id","return_id") REFERENCES "public"."return_requests"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_staff_fk" FOREIGN KEY ("store_id","staff_id") REFERENCES "public"."staff"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_images" ADD CONSTRAINT "return_images_return_fk" FOREIGN KEY ("store_id","return_id") REFERENCES "public"."return_requests"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_fk" FOREIGN KEY ("store_id","return_id") REFERENCES "public"."return_requests"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_line_fk" FOREIGN KEY ("store_id","order_line_id") REFERENCES "public"."order_lines"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_fk" FOREIGN KEY ("store_id","order_id") REFERENCES "public"."orders"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_customer_fk" FOREIGN KEY ("store_id","customer_id") REFERENCES "public"."customers"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_staff_fk" FOREIGN KEY ("store_id","staff_id") REFERENCES "public"."staff"("store_id","id") ON DELETE SET NULL ("staff_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_staff_fk" FOREIGN KEY ("store_id","staff_id") REFERENCES "public"."staff"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_login_challenges" ADD CONSTRAINT "staff_login_challenges_staff_fk" FOREIGN KEY ("store_id","staff_id") REFERENCES "public"."staff"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_recovery_codes" ADD CONSTRAINT "staff_recovery_codes_staff_fk" FOREIGN KEY ("store_id","staff_id") REFERENCES "public"."staff"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_tokens" ADD CONSTRAINT "staff_tokens_staff_fk" FOREIGN KEY ("store_id","staff_id") REFERENCES "public"."staff"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_staff_fk" FOREIGN KEY ("store_id","staff_id") REFERENCES "public"."staff"("store_id","id") ON DELETE SET NULL ("staff_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_fk" FOREIGN KEY ("store_id","order_id") REFERENCES "public"."orders"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint

-- 8. The unique indexes again, with store_id (last, so look-ups by their other columns still use them).
CREATE UNIQUE INDEX "auth_tokens_hash" ON "auth_tokens" USING btree ("token_hash","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_lines_customer_item" ON "cart_lines" USING btree ("customer_id","item_id","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "otp_codes_reg_id" ON "otp_codes" USING btree ("reg_id","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_dedupe" ON "outbox_messages" USING btree ("dedupe_key","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_hash" ON "password_reset_tokens" USING btree ("token_hash","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wishlist_items_customer_item" ON "wishlist_items" USING btree ("customer_id","item_id","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_dispatches_order" ON "order_dispatches" USING btree ("order_id","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_events_order_key" ON "order_events" USING btree ("order_id","key","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment" ON "payments" USING btree ("provider","provider_payment_id","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_lines_line" ON "refund_lines" USING btree ("order_line_id","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund" ON "refunds" USING btree ("provider","provider_refund_id","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_payment_live" ON "refunds" USING btree ("payment_id","store_id") WHERE "refunds"."kind" = 'payment' and "refunds"."status" <> 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_return_live" ON "refunds" USING btree ("return_id","store_id") WHERE "refunds"."status" <> 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "return_lines_line" ON "return_lines" USING btree ("order_line_id","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitations_hash" ON "staff_invitations" USING btree ("token_hash","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_login_challenges_hash" ON "staff_login_challenges" USING btree ("challenge_hash","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_tokens_hash" ON "staff_tokens" USING btree ("token_hash","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_token" ON "newsletter_subscribers" USING btree ("token_hash","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order" ON "invoices" USING btree ("order_id","store_id");

CREATE TYPE "public"."order_event_actor" AS ENUM('customer', 'staff', 'provider', 'system');--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"actor" "order_event_actor" NOT NULL,
	"staff_id" integer,
	"return_id" integer,
	"refund_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "order_dispatches" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_events_order_key" ON "order_events" USING btree ("order_id","key");--> statement-breakpoint
CREATE INDEX "order_events_order" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_dedupe" ON "outbox_messages" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "orders_store_placed" ON "orders" USING btree ("store_id","placed_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "return_requests_store_status" ON "return_requests" USING btree ("store_id","status","placed_on");--> statement-breakpoint
-- The timeline of orders placed before it existed, from what their rows tell: placed, each payment, lapsed, dispatched, return requested.
INSERT INTO "order_events" ("store_id", "order_id", "kind", "key", "actor", "at")
SELECT "store_id", "id", 'placed', 'placed', 'customer', "placed_on" FROM "orders";--> statement-breakpoint
INSERT INTO "order_events" ("store_id", "order_id", "kind", "key", "actor", "data", "at")
SELECT p."store_id", p."order_id",
  CASE WHEN o."status" = 'paid' AND p."id" = (SELECT min(p2."id") FROM "payments" p2 WHERE p2."order_id" = o."id" AND p2."amount_paise" >= o."total_paise")
    THEN 'paid' ELSE 'payment_flagged' END,
  'payment:' || p."provider" || ':' || p."provider_payment_id", 'provider',
  jsonb_build_object('provider', p."provider", 'payment_id', p."provider_payment_id", 'amount_paise', p."amount_paise"), p."created_at"
FROM "payments" p JOIN "orders" o ON o."id" = p."order_id";--> statement-breakpoint
INSERT INTO "order_events" ("store_id", "order_id", "kind", "key", "actor", "at")
SELECT "store_id", "id", 'expired', 'expired', 'system', "reserved_until" FROM "orders" WHERE "status" = 'expired';--> statement-breakpoint
INSERT INTO "order_events" ("store_id", "order_id", "kind", "key", "actor", "data", "at")
SELECT o."store_id", d."order_id", 'dispatched', 'dispatched', 'staff',
  jsonb_build_object('courier_partner', d."courier_partner", 'tracking_number', d."tracking_number"), d."dispatched_at"
FROM "order_dispatches" d JOIN "orders" o ON o."id" = d."order_id";--> statement-breakpoint
INSERT INTO "order_events" ("store_id", "order_id", "kind", "key", "actor", "return_id", "at")
SELECT "store_id", "order_id", 'return_requested', 'return:' || "id" || ':requested', 'customer', "id", "placed_on" FROM "return_requests";

CREATE TYPE "public"."discount_kind" AS ENUM('percent', 'fixed');--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" serial NOT NULL,
	"store_id" integer NOT NULL,
	"code" text NOT NULL,
	"kind" "discount_kind" NOT NULL,
	"value" integer NOT NULL,
	"min_order_paise" bigint DEFAULT 0 NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_id_store_id_pk" PRIMARY KEY("id","store_id"),
	CONSTRAINT "discount_codes_value_positive" CHECK ("discount_codes"."value" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "discount_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_store_code" ON "discount_codes" USING btree ("store_id",lower("code"));--> statement-breakpoint
CREATE INDEX "discount_codes_store" ON "discount_codes" USING btree ("store_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_code_fk" FOREIGN KEY ("store_id","discount_code_id") REFERENCES "public"."discount_codes"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_discount_code" ON "orders" USING btree ("discount_code_id","customer_id") WHERE "orders"."discount_code_id" is not null;
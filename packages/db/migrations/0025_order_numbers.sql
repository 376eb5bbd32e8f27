-- Each shop numbers its orders from 1 in its own series. Written by drizzle-kit, then edited by
-- hand: "number" is added without NOT NULL, existing orders are numbered per shop by the time
-- they were placed (then id), each shop's series starts after its last number, and only then is
-- the column made NOT NULL and unique within the shop.
CREATE TABLE "order_number_series" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	"prefix" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number_prefix" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_number_series" ADD CONSTRAINT "order_number_series_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "orders" SET "number" = "numbered"."n"
FROM (SELECT "id", row_number() OVER (PARTITION BY "store_id" ORDER BY "placed_on", "id") AS "n" FROM "orders") AS "numbered"
WHERE "orders"."id" = "numbered"."id";--> statement-breakpoint
INSERT INTO "order_number_series" ("store_id", "last_number")
SELECT "store_id", max("number") FROM "orders" GROUP BY "store_id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_store_number" ON "orders" USING btree ("store_id","number");

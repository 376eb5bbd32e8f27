ALTER TABLE "stores" ADD COLUMN "shipping_home_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "shipping_home_free_from_paise" bigint;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "shipping_abroad_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "shipping_abroad_free_from_paise" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_paise" bigint DEFAULT 0 NOT NULL;
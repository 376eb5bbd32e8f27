CREATE TYPE "public"."stone_treatment" AS ENUM('none', 'heated', 'oiled', 'resin-filled', 'glass-filled', 'irradiated', 'diffused', 'dyed', 'bleached', 'coated', 'waxed');--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "treatment" "stone_treatment" DEFAULT 'none' NOT NULL;--> statement-breakpoint
-- Hand-written: the listing filters on treatment too, so its covering index (0001_listing_index.sql)
-- carries the column and a filtered page stays an index-only scan.
DROP INDEX IF EXISTS "items_listing";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "items_listing" ON "items" ("store_id", "product_id", "id" DESC)
  INCLUDE ("grade_id", "color_id", "clarity_id", "shape_id", "origin_id", "ratti_id", "weight_mg", "price_paise", "treatment")
  WHERE "status" = 'available';

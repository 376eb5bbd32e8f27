-- Stones are read with their names joined and mapped to the API in one function
-- (apps/server/src/modules/catalog/catalog.service.ts, toItem), so the stored cards, the SQL
-- function that restated the contract and the triggers that kept cards and catalogue versions
-- are gone (docs/decisions/0009 and 0011 record why).
DROP TRIGGER IF EXISTS "items_catalog_version_insert" ON "items";--> statement-breakpoint
DROP TRIGGER IF EXISTS "items_catalog_version_update" ON "items";--> statement-breakpoint
DROP TRIGGER IF EXISTS "items_catalog_version_delete" ON "items";--> statement-breakpoint
DROP FUNCTION IF EXISTS "catalog_versions_bump"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "items_card" ON "items";--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_cards" ON "products";--> statement-breakpoint
DROP TRIGGER IF EXISTS "product_categories_cards" ON "product_categories";--> statement-breakpoint
DROP TRIGGER IF EXISTS "grades_cards" ON "grades";--> statement-breakpoint
DROP TRIGGER IF EXISTS "colors_cards" ON "colors";--> statement-breakpoint
DROP TRIGGER IF EXISTS "clarities_cards" ON "clarities";--> statement-breakpoint
DROP TRIGGER IF EXISTS "shapes_cards" ON "shapes";--> statement-breakpoint
DROP TRIGGER IF EXISTS "origins_cards" ON "origins";--> statement-breakpoint
DROP TRIGGER IF EXISTS "rattis_cards" ON "rattis";--> statement-breakpoint
DROP FUNCTION IF EXISTS "items_rewrite_cards"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "items_write_card"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "item_card"("items");--> statement-breakpoint
DROP TABLE "catalog_versions" CASCADE;--> statement-breakpoint
ALTER TABLE "items" DROP COLUMN "card";

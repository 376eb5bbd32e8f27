-- Trigram similarity (typo-forgiving search words and page titles); on PGlite the extension is loaded when the database is opened (client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', name || ' ' || gin || ' ' || certificate_lab || ' ' || certificate_number), 'A') || setweight(to_tsvector('simple', description), 'D')) STORED;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', meta_description || ' ' || body), 'D')) STORED;--> statement-breakpoint
CREATE INDEX "items_search" ON "items" USING gin ("search");--> statement-breakpoint
CREATE INDEX "pages_search" ON "pages" USING gin ("search");
-- The stone listing filters on product and attributes and pages in id order. A partial covering
-- index over available stones makes every page an index-only scan, so page 50 costs about what
-- page 1 does and the filters never touch the table heap.
CREATE INDEX IF NOT EXISTS "items_listing" ON "items" ("store_id", "product_id", "id" DESC)
  INCLUDE ("grade_id", "color_id", "clarity_id", "shape_id", "origin_id", "ratti_id", "weight_mg", "price_paise")
  WHERE "status" = 'available';

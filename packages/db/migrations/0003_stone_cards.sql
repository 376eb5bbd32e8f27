ALTER TABLE "items" ADD COLUMN "card" text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- A stone's card is the contract's Item (packages/contracts/src/catalog.ts) as compact JSON text,
-- names of its product, category and attribute values included. The database writes it whenever the
-- stone or one of those names changes, so the listing and the stone's page send stored text instead
-- of joining, decoding and re-encoding on every read (docs/decisions/0009-stone-cards.md).
-- carat mirrors caratsFromMg (200 mg to the carat, two decimals); sku mirrors "<store id>-<gin>".
CREATE FUNCTION "item_card"(i "items") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT row_to_json(card)::text FROM (
    SELECT i.id, i.gin, i.store_id || '-' || i.gin AS sku, i.name,
      json_build_array((SELECT row_to_json(u) FROM (SELECT i.url) u)) AS url,
      i.weight_mg AS weight, round(i.weight_mg / 200.0, 2)::float8 AS carat,
      i.width_mm AS width, i.length_mm AS length, i.depth_mm AS depth,
      i.image, i.certificate_image,
      (SELECT row_to_json(c) FROM (SELECT i.certificate_lab AS lab, i.certificate_number AS number) c) AS certificate,
      (SELECT row_to_json(a) FROM (SELECT (i.price_paise / 100.0)::float8 AS "mrpAmount") a) AS amounts,
      (SELECT row_to_json(p) FROM (
        SELECT p.id, p.name, p.alias, p.url, pc.url AS category_url
        FROM products p JOIN product_categories pc ON pc.id = p.category_id WHERE p.id = i.product_id) p) AS product,
      (SELECT row_to_json(r) FROM (SELECT r.id, r.rati_standard FROM rattis r WHERE r.id = i.ratti_id) r) AS ratti,
      (SELECT row_to_json(c) FROM (SELECT c.id, c.color FROM colors c WHERE c.id = i.color_id) c) AS color,
      (SELECT row_to_json(c) FROM (SELECT c.id, c.clarity FROM clarities c WHERE c.id = i.clarity_id) c) AS clarity,
      (SELECT row_to_json(g) FROM (SELECT g.id, g.alias, g.grade FROM grades g WHERE g.id = i.grade_id) g) AS product_grade,
      (SELECT row_to_json(o) FROM (SELECT o.id, o.origin FROM origins o WHERE o.id = i.origin_id) o) AS origin,
      (SELECT row_to_json(s) FROM (SELECT s.id, s.shape FROM shapes s WHERE s.id = i.shape_id) s) AS shape,
      i.status
  ) card
$$;
--> statement-breakpoint
CREATE FUNCTION "items_write_card"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.card := item_card(NEW);
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Every column but the card itself, so rewriting cards (below) does not fire it again.
CREATE TRIGGER "items_card" BEFORE INSERT OR UPDATE OF
  "id", "store_id", "product_id", "gin", "url", "name", "weight_mg", "width_mm", "length_mm", "depth_mm",
  "grade_id", "color_id", "clarity_id", "shape_id", "origin_id", "ratti_id", "price_paise", "status",
  "image", "certificate_image", "certificate_lab", "certificate_number"
  ON "items" FOR EACH ROW EXECUTE FUNCTION "items_write_card"();
--> statement-breakpoint
-- A renamed product, category or attribute value rewrites the cards of the stones that show it.
-- TG_ARGV[0] is the condition naming those stones, with $1 the changed row's id.
CREATE FUNCTION "items_rewrite_cards"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE 'UPDATE items SET card = item_card(items) WHERE ' || TG_ARGV[0] USING NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_cards" AFTER UPDATE OF "name", "alias", "url", "category_id" ON "products"
  FOR EACH ROW EXECUTE FUNCTION "items_rewrite_cards"('product_id = $1');
--> statement-breakpoint
CREATE TRIGGER "product_categories_cards" AFTER UPDATE OF "url" ON "product_categories"
  FOR EACH ROW EXECUTE FUNCTION "items_rewrite_cards"('product_id IN (SELECT id FROM products WHERE category_id = $1)');
--> statement-breakpoint
CREATE TRIGGER "grades_cards" AFTER UPDATE OF "grade", "alias" ON "grades"
  FOR EACH ROW EXECUTE FUNCTION "items_rewrite_cards"('grade_id = $1');
--> statement-breakpoint
CREATE TRIGGER "colors_cards" AFTER UPDATE OF "color" ON "colors"
  FOR EACH ROW EXECUTE FUNCTION "items_rewrite_cards"('color_id = $1');
--> statement-breakpoint
CREATE TRIGGER "clarities_cards" AFTER UPDATE OF "clarity" ON "clarities"
  FOR EACH ROW EXECUTE FUNCTION "items_rewrite_cards"('clarity_id = $1');
--> statement-breakpoint
CREATE TRIGGER "shapes_cards" AFTER UPDATE OF "shape" ON "shapes"
  FOR EACH ROW EXECUTE FUNCTION "items_rewrite_cards"('shape_id = $1');
--> statement-breakpoint
CREATE TRIGGER "origins_cards" AFTER UPDATE OF "origin" ON "origins"
  FOR EACH ROW EXECUTE FUNCTION "items_rewrite_cards"('origin_id = $1');
--> statement-breakpoint
CREATE TRIGGER "rattis_cards" AFTER UPDATE OF "rati_standard" ON "rattis"
  FOR EACH ROW EXECUTE FUNCTION "items_rewrite_cards"('ratti_id = $1');
--> statement-breakpoint
UPDATE "items" SET "card" = item_card("items");

CREATE TABLE "catalog_versions" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_versions" ADD CONSTRAINT "catalog_versions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every statement that inserts, changes or deletes stones moves its stores' catalogue version on, in
-- the same transaction, so a snapshot that sees version v sees exactly the stones of version v. The
-- listing's page anchors are valid only for the version they were taken at
-- (docs/decisions/0011-listing-page-anchors.md). Statement triggers with transition tables cost one
-- upsert per statement, so bulk seeding is not slowed row by row. Stores are taken in id order so
-- two statements over the same stores cannot deadlock.
CREATE FUNCTION "catalog_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_versions AS v (store_id, version)
    SELECT DISTINCT c.store_id, 1 FROM changed_items c
    WHERE EXISTS (SELECT 1 FROM stores s WHERE s.id = c.store_id) -- not for a store being deleted
    ORDER BY c.store_id
    ON CONFLICT (store_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "items_catalog_version_insert" AFTER INSERT ON "items"
  REFERENCING NEW TABLE AS changed_items FOR EACH STATEMENT EXECUTE FUNCTION catalog_versions_bump();
--> statement-breakpoint
-- A stone never moves to another store, so the new rows name every store an update touched.
CREATE TRIGGER "items_catalog_version_update" AFTER UPDATE ON "items"
  REFERENCING NEW TABLE AS changed_items FOR EACH STATEMENT EXECUTE FUNCTION catalog_versions_bump();
--> statement-breakpoint
CREATE TRIGGER "items_catalog_version_delete" AFTER DELETE ON "items"
  REFERENCING OLD TABLE AS changed_items FOR EACH STATEMENT EXECUTE FUNCTION catalog_versions_bump();

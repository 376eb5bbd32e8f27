CREATE TABLE "couriers" (
	"id" serial NOT NULL,
	"store_id" integer NOT NULL,
	"name" text NOT NULL,
	"tracking_url" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "couriers_id_store_id_pk" PRIMARY KEY("id","store_id")
);
--> statement-breakpoint
ALTER TABLE "order_dispatches" ADD COLUMN "courier_id" integer;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "courier_id" integer;--> statement-breakpoint
ALTER TABLE "couriers" ADD CONSTRAINT "couriers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "couriers_store_name" ON "couriers" USING btree ("store_id",lower("name"));--> statement-breakpoint
ALTER TABLE "order_dispatches" ADD CONSTRAINT "order_dispatches_courier_fk" FOREIGN KEY ("store_id","courier_id") REFERENCES "public"."couriers"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_courier_fk" FOREIGN KEY ("store_id","courier_id") REFERENCES "public"."couriers"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Every shop starts with the couriers most Indian sellers use (DEFAULT_COURIERS in the contracts):
-- the shops there are now, and through the trigger each shop made from here on.
CREATE FUNCTION "stores_default_couriers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO couriers (store_id, name, tracking_url, position) VALUES
    (NEW.id, 'Delhivery', 'https://www.delhivery.com/track/package/{tracking}', 1),
    (NEW.id, 'Blue Dart', 'https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo={tracking}', 2),
    (NEW.id, 'DTDC', 'https://www.dtdc.in/trace.asp?strCnno={tracking}', 3),
    (NEW.id, 'FedEx', 'https://www.fedex.com/fedextrack/?trknbr={tracking}', 4),
    (NEW.id, 'India Post', 'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx?consignment={tracking}', 5);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "stores_default_couriers" AFTER INSERT ON "stores" FOR EACH ROW EXECUTE FUNCTION stores_default_couriers();
--> statement-breakpoint
INSERT INTO couriers (store_id, name, tracking_url, position)
  SELECT s.id, c.name, c.tracking_url, c.position FROM stores s CROSS JOIN (VALUES
    ('Delhivery', 'https://www.delhivery.com/track/package/{tracking}', 1),
    ('Blue Dart', 'https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo={tracking}', 2),
    ('DTDC', 'https://www.dtdc.in/trace.asp?strCnno={tracking}', 3),
    ('FedEx', 'https://www.fedex.com/fedextrack/?trknbr={tracking}', 4),
    ('India Post', 'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx?consignment={tracking}', 5)
  ) AS c(name, tracking_url, position)
  ORDER BY s.id, c.position;
--> statement-breakpoint
-- Dispatches and returns from before the list link their tracking numbers when their free text names one of the shop's couriers.
UPDATE order_dispatches d SET courier_id = c.id FROM couriers c WHERE c.store_id = d.store_id AND lower(c.name) = lower(trim(d.courier_partner));
--> statement-breakpoint
UPDATE return_requests r SET courier_id = c.id FROM couriers c WHERE c.store_id = r.store_id AND lower(c.name) = lower(trim(r.courier_partner));

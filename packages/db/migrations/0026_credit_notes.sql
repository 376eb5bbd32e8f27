CREATE TABLE "credit_note_series" (
	"store_id" integer NOT NULL,
	"financial_year" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "credit_note_series_store_id_financial_year_pk" PRIMARY KEY("store_id","financial_year")
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" serial NOT NULL,
	"store_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"refund_id" integer NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"invoice_number" text NOT NULL,
	"invoice_issued_at" timestamp with time zone NOT NULL,
	"invoice_total_paise" bigint NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"intra_state" boolean NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_id_store_id_pk" PRIMARY KEY("id","store_id")
);
--> statement-breakpoint
ALTER TABLE "credit_note_series" ADD CONSTRAINT "credit_note_series_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_fk" FOREIGN KEY ("store_id","order_id") REFERENCES "public"."orders"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_fk" FOREIGN KEY ("store_id","invoice_id") REFERENCES "public"."invoices"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_refund_fk" FOREIGN KEY ("store_id","refund_id") REFERENCES "public"."refunds"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_refund" ON "credit_notes" USING btree ("refund_id","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_store_number" ON "credit_notes" USING btree ("store_id","number");--> statement-breakpoint
CREATE INDEX "credit_notes_order" ON "credit_notes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "credit_notes_store_issued" ON "credit_notes" USING btree ("store_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_store_issued" ON "invoices" USING btree ("store_id","issued_at");
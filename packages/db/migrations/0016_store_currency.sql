ALTER TABLE "stores" ADD COLUMN "currency" text DEFAULT 'INR' NOT NULL;--> statement-breakpoint
UPDATE "stores" SET "currency" = 'USD' WHERE NOT "is_from_india";

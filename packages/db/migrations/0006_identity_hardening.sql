ALTER TYPE "public"."otp_purpose" ADD VALUE 'change';--> statement-breakpoint
CREATE TABLE "rate_limit_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"full_at_ms" double precision NOT NULL
);
--> statement-breakpoint
DROP INDEX "customers_store_email";--> statement-breakpoint
DROP INDEX "customers_store_phone";--> statement-breakpoint
ALTER TABLE "otp_codes" ALTER COLUMN "customer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "pending_phone" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "pending_phone_country_code_id" integer;--> statement-breakpoint
-- regId was the row id (sequential, guessable); live codes get a random one so they stay usable.
ALTER TABLE "otp_codes" ADD COLUMN "reg_id" bigint;--> statement-breakpoint
UPDATE "otp_codes" SET "reg_id" = 1 + floor(random() * 281474976710655)::bigint;--> statement-breakpoint
ALTER TABLE "otp_codes" ALTER COLUMN "reg_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "decoy_user_id" integer;--> statement-breakpoint
CREATE INDEX "customers_store_email_claims" ON "customers" USING btree ("store_id","email");--> statement-breakpoint
CREATE INDEX "customers_store_phone_claims" ON "customers" USING btree ("store_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "otp_codes_reg_id" ON "otp_codes" USING btree ("reg_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_store_email" ON "customers" USING btree ("store_id","email") WHERE "customers"."email_verified_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_store_phone" ON "customers" USING btree ("store_id","phone") WHERE "customers"."phone_verified_at" is not null;--> statement-breakpoint
-- Fixed windows are replaced by the token buckets of rate_limit_buckets.
DROP TABLE "rate_limit_counters" CASCADE;

ALTER TYPE "public"."newsletter_status" ADD VALUE 'unsubscribed';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "usd_rate" double precision;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "unsubscribed_at" timestamp with time zone;
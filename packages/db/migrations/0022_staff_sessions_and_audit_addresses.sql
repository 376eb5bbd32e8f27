CREATE TYPE "public"."staff_first_factor" AS ENUM('password', 'email_code', 'invitation');--> statement-breakpoint
CREATE TYPE "public"."staff_second_factor" AS ENUM('totp', 'recovery_code');--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "staff_login_challenges" ADD COLUMN "first_factor" "staff_first_factor" DEFAULT 'password' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_login_challenges" ADD COLUMN "email_code_hash" text;--> statement-breakpoint
ALTER TABLE "staff_tokens" ADD COLUMN "first_factor" "staff_first_factor" DEFAULT 'password' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_tokens" ADD COLUMN "second_factor" "staff_second_factor";--> statement-breakpoint
ALTER TABLE "staff_tokens" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "staff_tokens" ADD COLUMN "user_agent" text;--> statement-breakpoint
CREATE INDEX "audit_log_store_action_at" ON "audit_log" USING btree ("store_id","action","at");
ALTER TYPE "public"."item_status" ADD VALUE 'draft';--> statement-breakpoint
ALTER TYPE "public"."item_status" ADD VALUE 'hidden';
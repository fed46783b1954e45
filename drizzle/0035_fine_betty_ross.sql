ALTER TYPE "public"."schedule_run_status" ADD VALUE 'not_sent';--> statement-breakpoint
ALTER TABLE "report_share_links" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "report_share_links" ADD COLUMN "delivery_key" text;--> statement-breakpoint
ALTER TABLE "report_share_links" ADD CONSTRAINT "report_share_links_delivery_key_unique" UNIQUE("delivery_key");
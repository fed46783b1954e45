ALTER TABLE "reports" ADD COLUMN "notify_requester" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "watched_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "ready_notice_sent_at" timestamp with time zone;
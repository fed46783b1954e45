ALTER TABLE "insights" ADD COLUMN "narration" jsonb;--> statement-breakpoint
ALTER TABLE "insights" ADD COLUMN "outcome" jsonb DEFAULT '{"status":"nothing_notable"}'::jsonb NOT NULL;
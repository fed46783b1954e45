ALTER TABLE "agencies" ADD COLUMN "payment_past_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "payment_event_at" timestamp with time zone;
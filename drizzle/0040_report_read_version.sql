ALTER TABLE "reports" ADD COLUMN "read_version" bigint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "read_changed_at" timestamp with time zone DEFAULT now() NOT NULL;
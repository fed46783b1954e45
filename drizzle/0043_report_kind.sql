CREATE TYPE "public"."report_kind" AS ENUM('report', 'alert_check');--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "kind" "report_kind" DEFAULT 'report' NOT NULL;
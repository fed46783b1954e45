CREATE TYPE "public"."data_grain" AS ENUM('day', 'week', 'month');--> statement-breakpoint
ALTER TABLE "data_sources" ADD COLUMN "grain" "data_grain" DEFAULT 'day' NOT NULL;
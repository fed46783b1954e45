CREATE TABLE "data_source_sync_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"data_source_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"start_date" date,
	"end_date" date,
	"rows" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer,
	"error" text,
	"error_detail" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "data_source_sync_states" (
	"data_source_id" uuid PRIMARY KEY NOT NULL,
	"initial_start_date" date,
	"imported_through" date,
	"initial_completed_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"token_update_failed_at" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_source_sync_runs" ADD CONSTRAINT "data_source_sync_runs_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_source_sync_runs" ADD CONSTRAINT "data_source_sync_runs_data_source_id_data_sources_id_fk" FOREIGN KEY ("data_source_id") REFERENCES "public"."data_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_source_sync_states" ADD CONSTRAINT "data_source_sync_states_data_source_id_data_sources_id_fk" FOREIGN KEY ("data_source_id") REFERENCES "public"."data_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_source_sync_runs_source_started_idx" ON "data_source_sync_runs" USING btree ("data_source_id","started_at");
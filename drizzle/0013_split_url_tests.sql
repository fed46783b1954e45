CREATE TABLE "split_url_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"url_a" text NOT NULL,
	"url_b" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"primary_metric" text DEFAULT 'conversionRate' NOT NULL,
	"minimum_detectable_effect" double precision DEFAULT 0.1 NOT NULL,
	"confidence" double precision DEFAULT 0.95 NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "split_url_tests" ADD CONSTRAINT "split_url_tests_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_url_tests" ADD CONSTRAINT "split_url_tests_project_id_client_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."client_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_url_tests" ADD CONSTRAINT "split_url_tests_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "split_url_tests_project_idx" ON "split_url_tests" USING btree ("project_id","created_at");
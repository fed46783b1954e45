CREATE TABLE "split_link_counts" (
	"link_id" uuid NOT NULL,
	"variant_key" text NOT NULL,
	"date" date NOT NULL,
	"assignments" integer DEFAULT 0 NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "split_link_counts_link_id_variant_key_date_pk" PRIMARY KEY("link_id","variant_key","date")
);
--> statement-breakpoint
CREATE TABLE "split_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"variants" jsonb NOT NULL,
	"primary_metric" text DEFAULT 'conversionRate' NOT NULL,
	"minimum_detectable_pct" integer DEFAULT 10 NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "split_links_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "split_link_counts" ADD CONSTRAINT "split_link_counts_link_id_split_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."split_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_links" ADD CONSTRAINT "split_links_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_links" ADD CONSTRAINT "split_links_project_id_client_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."client_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_links" ADD CONSTRAINT "split_links_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "split_links_project_idx" ON "split_links" USING btree ("project_id","created_at");
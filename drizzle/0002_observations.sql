CREATE TABLE "dimension_sets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dimension_sets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" uuid NOT NULL,
	"key" text NOT NULL,
	"channel" text,
	"source" text,
	"medium" text,
	"campaign" text,
	"device" text,
	"country" text,
	"landing_page" text,
	"page" text,
	"query" text,
	"keyword" text
);
--> statement-breakpoint
CREATE TABLE "observations" (
	"data_source_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"date" date NOT NULL,
	"dimension_set_id" bigint NOT NULL,
	"sessions" double precision,
	"users" double precision,
	"new_users" double precision,
	"engaged_sessions" double precision,
	"pageviews" double precision,
	"conversions" double precision,
	"leads" double precision,
	"transactions" double precision,
	"revenue" double precision,
	"impressions" double precision,
	"clicks" double precision,
	"cost" double precision,
	"position_weighted" double precision,
	CONSTRAINT "observations_data_source_id_date_dimension_set_id_pk" PRIMARY KEY("data_source_id","date","dimension_set_id")
);
--> statement-breakpoint
ALTER TABLE "data_sources" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "dimension_sets" ADD CONSTRAINT "dimension_sets_project_id_client_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."client_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dimension_sets_project_key_unique" ON "dimension_sets" USING btree ("project_id","key");--> statement-breakpoint
CREATE INDEX "observations_project_date_idx" ON "observations" USING btree ("project_id","date");--> statement-breakpoint
-- Observations have no per-row foreign keys (they would dominate bulk-load time); a data source's
-- rows go with it through this set-based trigger, which also runs for cascaded deletes (project, client, agency).
CREATE FUNCTION "observations_cascade"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "observations" o USING "gone_data_sources" g WHERE o."data_source_id" = g."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "observations_cascade" AFTER DELETE ON "data_sources"
  REFERENCING OLD TABLE AS "gone_data_sources" FOR EACH STATEMENT EXECUTE FUNCTION "observations_cascade"();

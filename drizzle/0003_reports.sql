CREATE TABLE "daily_totals_state" (
	"data_source_id" uuid PRIMARY KEY NOT NULL,
	"source_version" timestamp with time zone NOT NULL,
	"days" integer NOT NULL,
	"observations" bigint NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "observation_daily_totals" (
	"data_source_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"date" date NOT NULL,
	"rows" integer NOT NULL,
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
	CONSTRAINT "observation_daily_totals_data_source_id_date_pk" PRIMARY KEY("data_source_id","date")
);
--> statement-breakpoint
ALTER TABLE "daily_totals_state" ADD CONSTRAINT "daily_totals_state_data_source_id_data_sources_id_fk" FOREIGN KEY ("data_source_id") REFERENCES "public"."data_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observation_daily_totals" ADD CONSTRAINT "observation_daily_totals_data_source_id_data_sources_id_fk" FOREIGN KEY ("data_source_id") REFERENCES "public"."data_sources"("id") ON DELETE cascade ON UPDATE no action;
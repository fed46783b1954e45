CREATE TABLE "observation_segment_daily" (
	"data_source_id" uuid NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"date" date NOT NULL,
	"rows" integer NOT NULL,
	"sessions" double precision,
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
	"deals_created" double precision,
	"deals_won" double precision,
	"won_value" double precision,
	"orders" double precision,
	"order_revenue" double precision,
	"products_sold" double precision,
	"new_customer_orders" double precision,
	"returning_customer_orders" double precision,
	CONSTRAINT "observation_segment_daily_data_source_id_dimension_value_date_pk" PRIMARY KEY("data_source_id","dimension","value","date")
);
--> statement-breakpoint
CREATE TABLE "observation_segment_weekly" (
	"data_source_id" uuid NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"week" date NOT NULL,
	"rows" integer NOT NULL,
	"sessions" double precision,
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
	"deals_created" double precision,
	"deals_won" double precision,
	"won_value" double precision,
	"orders" double precision,
	"order_revenue" double precision,
	"products_sold" double precision,
	"new_customer_orders" double precision,
	"returning_customer_orders" double precision,
	CONSTRAINT "observation_segment_weekly_data_source_id_dimension_value_week_pk" PRIMARY KEY("data_source_id","dimension","value","week")
);
--> statement-breakpoint
ALTER TABLE "observation_segment_daily" ADD CONSTRAINT "observation_segment_daily_data_source_id_data_sources_id_fk" FOREIGN KEY ("data_source_id") REFERENCES "public"."data_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observation_segment_weekly" ADD CONSTRAINT "observation_segment_weekly_data_source_id_data_sources_id_fk" FOREIGN KEY ("data_source_id") REFERENCES "public"."data_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "observation_segment_daily_source_date" ON "observation_segment_daily" USING btree ("data_source_id","date");--> statement-breakpoint
CREATE INDEX "observation_segment_weekly_source_week" ON "observation_segment_weekly" USING btree ("data_source_id","week");--> statement-breakpoint
-- Derived data: every source's rollups are rebuilt (daily totals and segments together) on its next report or refresh.
DELETE FROM "daily_totals_state";

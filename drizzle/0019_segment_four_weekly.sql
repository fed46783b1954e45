CREATE TABLE "observation_segment_four_weekly" (
	"data_source_id" uuid NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"block" date NOT NULL,
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
	CONSTRAINT "observation_segment_four_weekly_data_source_id_dimension_value_block_pk" PRIMARY KEY("data_source_id","dimension","value","block")
);
--> statement-breakpoint
ALTER TABLE "observation_segment_four_weekly" ADD CONSTRAINT "observation_segment_four_weekly_data_source_id_data_sources_id_fk" FOREIGN KEY ("data_source_id") REFERENCES "public"."data_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "observation_segment_four_weekly_source_block" ON "observation_segment_four_weekly" USING btree ("data_source_id","block");--> statement-breakpoint
-- The rollups already built are carried over: each source's four-week blocks summed from its weekly rows, so a source
-- whose rollups are current needs no rebuild.
INSERT INTO "observation_segment_four_weekly" (data_source_id, dimension, value, block, rows, sessions, new_users, engaged_sessions, pageviews, conversions, leads, transactions, revenue, impressions, clicks, cost, position_weighted, deals_created, deals_won, won_value, orders, order_revenue, products_sold, new_customer_orders, returning_customer_orders)
SELECT data_source_id, dimension, value, date '2000-01-03' + floor((week - date '2000-01-03') / 28.0)::int * 28, sum(rows)::int, sum(sessions), sum(new_users), sum(engaged_sessions), sum(pageviews), sum(conversions), sum(leads), sum(transactions), sum(revenue), sum(impressions), sum(clicks), sum(cost), sum(position_weighted), sum(deals_created), sum(deals_won), sum(won_value), sum(orders), sum(order_revenue), sum(products_sold), sum(new_customer_orders), sum(returning_customer_orders)
FROM "observation_segment_weekly"
GROUP BY 1, 2, 3, 4
ORDER BY 4;

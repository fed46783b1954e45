ALTER TABLE "observations" ADD COLUMN "deals_created" double precision;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "deals_won" double precision;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "won_value" double precision;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "orders" double precision;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "order_revenue" double precision;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "products_sold" double precision;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "new_customer_orders" double precision;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "returning_customer_orders" double precision;--> statement-breakpoint
ALTER TABLE "observation_daily_totals" ADD COLUMN "deals_created" double precision;--> statement-breakpoint
ALTER TABLE "observation_daily_totals" ADD COLUMN "deals_won" double precision;--> statement-breakpoint
ALTER TABLE "observation_daily_totals" ADD COLUMN "won_value" double precision;--> statement-breakpoint
ALTER TABLE "observation_daily_totals" ADD COLUMN "orders" double precision;--> statement-breakpoint
ALTER TABLE "observation_daily_totals" ADD COLUMN "order_revenue" double precision;--> statement-breakpoint
ALTER TABLE "observation_daily_totals" ADD COLUMN "products_sold" double precision;--> statement-breakpoint
ALTER TABLE "observation_daily_totals" ADD COLUMN "new_customer_orders" double precision;--> statement-breakpoint
ALTER TABLE "observation_daily_totals" ADD COLUMN "returning_customer_orders" double precision;
-- Each insight's estimated effect on the project's primary KPI in that KPI's unit (-1.4 deals won), where it is an
-- estimate to quote, and which KPI it is in; the exports show it beside the insight. Insights generated before stay
-- null (their ranking weight `impact` is kept as it was).
ALTER TABLE "insights" ADD COLUMN "kpi_effect" double precision;--> statement-breakpoint
ALTER TABLE "insights" ADD COLUMN "kpi_metric" text;

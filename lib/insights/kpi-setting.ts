import type { Kpi } from "../constants/settings";
import type { MetricKey } from "../catalogue/metrics";

/**
 * The metric that measures each primary KPI setting (lib/constants/settings.ts KPIS): what reports rank by
 * (engine/kpi.ts) and what the report header and the dashboard show first. Reach and branded search have no column of
 * their own in the observation store: search impressions are the nearest stored measure of both.
 */
export const KPI_SETTING_METRIC: Record<Kpi, MetricKey> = {
  revenue: "revenue",
  transactions: "transactions",
  leads: "leads",
  deals_won: "dealsWon",
  conversions: "conversions",
  engaged_sessions: "engagedSessions",
  pageviews: "pageviews",
  reach: "impressions",
  impressions: "impressions",
  clicks: "clicks",
  branded_search: "impressions",
};

/** The metric of a stored setting, or undefined for none (the site type's default) or an unknown value. */
export function kpiSettingMetric(setting: unknown): MetricKey | undefined {
  return typeof setting === "string" && setting in KPI_SETTING_METRIC ? KPI_SETTING_METRIC[setting as Kpi] : undefined;
}

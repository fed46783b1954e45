import type { SiteType } from "../constants/site-types";
import type { MetricKey } from "../catalogue/metrics";

/**
 * The figures a reader of each kind of site checks first, in order: the report's header shows the first three to
 * five the project's data holds (return on ad spend before sessions when the data has ad cost). Users are left out:
 * a person is counted once per row, so they cannot be summed over a period.
 */
export const HEADLINE_KPIS: Record<SiteType, MetricKey[]> = {
  // The store's own orders fill the header of a store connected without analytics.
  ecommerce: [
    "revenue",
    "transactions",
    "ecommerceConversionRate",
    "averageOrderValue",
    "roas",
    "sessions",
    "orderRevenue",
    "storeOrders",
    "averageOrderRevenue",
    "newCustomerOrders",
  ],
  // Deals won and their value first when the CRM is connected: the KPI such a report ranks by (engine/kpi.ts).
  lead_generation: [
    "dealsWon",
    "wonValue",
    "leads",
    "leadRate",
    "cpl",
    "conversions",
    "conversionRate",
    "sessions",
    "cpa",
  ],
  content: ["engagedSessions", "pageviews", "engagementRate", "pagesPerSession", "sessions"],
  brand: ["impressions", "sessions", "ctr", "engagedSessions", "engagementRate", "clicks", "position"],
};

/**
 * Figures after the site type's own, for data that holds few of those: a shop's Google Ads export has revenue and
 * return on ad spend but no orders or sessions, and its header showed two figures without the spend behind them.
 */
export const FALLBACK_HEADLINE_KPIS: MetricKey[] = ["conversions", "cost", "cpa", "clicks", "impressions", "ctr"];

/** The candidates of a site type's header, in order: its own figures, then the fallbacks. */
export function headlineCandidates(siteType: SiteType): MetricKey[] {
  return [...new Set([...(HEADLINE_KPIS[siteType] ?? HEADLINE_KPIS.ecommerce), ...FALLBACK_HEADLINE_KPIS])];
}

export const MAX_HEADLINE_KPIS = 5;

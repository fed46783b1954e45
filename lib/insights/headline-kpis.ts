import type { SiteType } from "../constants/site-types";
import type { MetricKey } from "../catalogue/metrics";

/**
 * The figures a reader of each kind of site checks first, in order: the report's header shows the first three to
 * five the project's data holds (return on ad spend before sessions when the data has ad cost). Users are left out:
 * a person is counted once per row, so they cannot be summed over a period.
 */
export const HEADLINE_KPIS: Record<SiteType, MetricKey[]> = {
  ecommerce: ["revenue", "transactions", "ecommerceConversionRate", "averageOrderValue", "roas", "sessions"],
  lead_generation: ["leads", "leadRate", "cpl", "conversions", "conversionRate", "sessions", "cpa"],
  content: ["engagedSessions", "pageviews", "engagementRate", "pagesPerSession", "sessions"],
  brand: ["impressions", "sessions", "ctr", "engagedSessions", "engagementRate", "clicks", "position"],
};

export const MAX_HEADLINE_KPIS = 5;

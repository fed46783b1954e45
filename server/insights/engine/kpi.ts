import { PRIMARY_KPIS, type SiteTypeKey } from "@/lib/insights/intentions";
import type { ProjectData } from "../data/project-data";
import type { Kpi } from "./types";

// The KPI insights are ranked by: the project's primary KPI setting when its data holds it, else
// the site type's default (DESIGN.md: revenue for ecommerce, leads for lead generation, engaged
// sessions for content, reach for brand), else the next KPI of the site type the data holds.

/** Settings values (lib/constants/settings.ts KPIS) → the metric that measures them. */
const SETTING_METRIC: Record<string, string> = {
  revenue: "revenue",
  transactions: "transactions",
  leads: "leads",
  deals_won: "dealsWon",
  conversions: "conversions",
  engaged_sessions: "engagedSessions",
  pageviews: "pageviews",
  // Reach and branded search are measured by search impressions in the data the store holds.
  reach: "impressions",
  impressions: "impressions",
  branded_search: "impressions",
};

export function primaryKpi(siteType: SiteTypeKey, data: ProjectData, setting?: string | null): Kpi | null {
  const preferred = setting ? SETTING_METRIC[setting] : undefined;
  // A lead generation project with its CRM connected ranks by deals won whatever the setting says:
  // leads that never become deals are what the CRM data exists to see past.
  const crm = siteType === "lead_generation" ? ["dealsWon"] : [];
  const candidates = [...crm, ...(preferred ? [preferred] : []), ...PRIMARY_KPIS[siteType]];
  for (const metric of candidates) {
    if (!data.hasMetric(metric)) continue;
    const totals = data.periodTotals(metric);
    const reference = totals.baseline || totals.current;
    if (reference && reference > 0) return { metric, reference };
  }
  return null;
}

import { PRIMARY_KPIS, type SiteTypeKey } from "@/lib/insights/intentions";
import { kpiSettingMetric } from "@/lib/insights/kpi-setting";
import type { ProjectData } from "../data/project-data";
import type { Kpi } from "./types";

// The KPI insights are ranked by: the project's primary KPI setting when its data holds it, else
// the site type's default (DESIGN.md: revenue for ecommerce, leads for lead generation, engaged
// sessions for content, reach for brand), else the next KPI of the site type the data holds.

export function primaryKpi(siteType: SiteTypeKey, data: ProjectData, setting?: string | null): Kpi | null {
  const preferred = kpiSettingMetric(setting);
  // Without a setting, a lead generation project with its CRM connected ranks by deals won (PRIMARY_KPIS): leads that
  // never become deals are what the CRM data exists to see past. A setting is honoured, leads included.
  const candidates = [...(preferred ? [preferred] : []), ...PRIMARY_KPIS[siteType]];
  for (const metric of candidates) {
    if (!data.hasMetric(metric)) continue;
    const totals = data.periodTotals(metric);
    const reference = totals.baseline || totals.current;
    if (reference && reference > 0) return { metric, reference };
  }
  return null;
}

import { INTENTIONS, type Intention, type SiteTypeKey } from "@/lib/insights/intentions";
import type { Dimension } from "@/lib/insights/metrics";
import type { ProjectData } from "../data/project-data";

/** Dimensions the audit reads beyond its intentions' own (case variants, personal data). */
const AUDIT_DIMENSIONS: Dimension[] = ["channel", "source", "medium", "campaign", "landingPage", "page", "query"];

export function siteTypeIntentions(siteType: SiteTypeKey): Intention[] {
  return INTENTIONS.filter((i) => i.siteTypes.includes(siteType));
}

/** The dimensions whose per-value totals a report for this site type may need. */
export function neededDimensions(siteType: SiteTypeKey): Dimension[] {
  return [...new Set([...siteTypeIntentions(siteType).flatMap((i) => i.dimensions), ...AUDIT_DIMENSIONS])];
}

/** Intentions for the site type whose metrics and dimensions the project's data holds. */
export function applicableIntentions(siteType: SiteTypeKey, data: ProjectData): Intention[] {
  return siteTypeIntentions(siteType).filter(
    (i) =>
      i.metrics.every((m) => data.hasMetric(m)) &&
      i.dimensions.every((d) => data.hasDimension(d)) &&
      !i.standsInFor?.some((m) => data.hasMetric(m)),
  );
}

import { DEFAULT_PRIMARY_KPI } from "@/lib/constants/settings";
import { KPI_SETTING_METRIC, kpiSettingMetric } from "@/lib/insights/kpi-setting";
import type { SiteType } from "@/lib/constants/site-types";
import { STORED_METRICS, findMetric } from "@/lib/catalogue/metrics";
import type { DashboardKpi } from "@/lib/api-client/dashboard-types";
import { pickSource } from "@/lib/insights/pick-source";
import { periodChange } from "../../insights/detectors/period-change";
import { seasonPrediction } from "../../insights/stats/season-prediction";
import type { DailyPoint } from "../../insights/types";

/** The stored metrics that may be summed over days: the only ones the dashboard reads. */
export const SUMMED_PARTS = STORED_METRICS.filter((m) => m.kind === "additive").map((m) => ({
  key: m.key as string,
  column: m.column as string,
}));
export type PartKey = (typeof SUMMED_PARTS)[number]["key"];

// Which numbers a project's dashboard row shows: its primary KPI first, then the site type's
// other headline numbers, three in all. Only stored, additive parts qualify: the dashboard sums
// days, which `users` and ratios do not allow. Each number comes from one source (pickSource): an
// analytics export's conversions and an ads export's are not added up.

const SITE_TYPE_PARTS: Record<SiteType, PartKey[]> = {
  // A store connected without analytics: its own orders and order revenue.
  ecommerce: ["revenue", "transactions", "sessions", "orderRevenue", "storeOrders"],
  lead_generation: ["leads", "conversions", "sessions"],
  content: ["engagedSessions", "pageviews", "sessions"],
  brand: ["impressions", "clicks", "sessions"],
};

/**
 * After the site type's own: what a project of Search Console or an ad account alone holds, so its row is not empty
 * (a content site's Search Console export has no engaged sessions or pageviews).
 */
const FALLBACK_PARTS: PartKey[] = ["clicks", "impressions", "cost", "conversions"];

export const HEADLINE_COUNT = 3;

/**
 * The parts to show, in order: the primary first, without repeats; the first HEADLINE_COUNT the project's data holds
 * are shown (buildKpis). Without a setting, a lead generation project with its CRM connected leads with deals won, as
 * its reports rank by them (engine/kpi.ts).
 */
export function headlineParts(siteType: SiteType, primaryKpi: unknown): PartKey[] {
  const chosen = kpiSettingMetric(primaryKpi);
  const first = chosen
    ? [chosen]
    : [...(siteType === "lead_generation" ? ["dealsWon"] : []), KPI_SETTING_METRIC[DEFAULT_PRIMARY_KPI[siteType]]];
  return [...new Set([...first, ...SITE_TYPE_PARTS[siteType], ...FALLBACK_PARTS])];
}

export interface DayValues {
  sourceId: string;
  date: string;
  current: boolean;
  values: (number | null)[];
}

/**
 * The KPIs of one project from its daily totals (current and previous period days): sums per
 * period, the relative change, and the current period's daily series for the sparkline. A part no
 * source reported in the current period is left out rather than shown as zero; the first
 * HEADLINE_COUNT of `parts` that are reported are kept.
 */
export function buildKpis(
  parts: PartKey[],
  days: DayValues[],
  currentDates: string[],
  /** source → its totals over the same two periods a year earlier (project-days.ts), for the season's prediction. */
  lastYear?: ReadonlyMap<string, { current: (number | null)[]; previous: (number | null)[] }>,
): DashboardKpi[] {
  const kpis: DashboardKpi[] = [];
  const sessions = SUMMED_PARTS.findIndex((p) => p.key === "sessions");
  const seesSite = new Set(days.filter((d) => d.values[sessions] !== null).map((d) => d.sourceId));
  for (const part of parts) {
    if (kpis.length >= HEADLINE_COUNT) break;
    const index = SUMMED_PARTS.findIndex((p) => p.key === part);
    if (index < 0) continue;
    const daysBySource = new Map<string, number>();
    for (const day of days)
      if (day.values[index] !== null) daysBySource.set(day.sourceId, (daysBySource.get(day.sourceId) ?? 0) + 1);
    const source = pickSource(
      [...daysBySource].map(([sourceId, n]) => ({ sourceId, days: n, seesSite: seesSite.has(sourceId) })),
    );
    let current = 0;
    let previous = 0;
    let seenCurrent = false;
    let seenPrevious = false;
    const byDate = new Map<string, number | null>();
    const previousDays: DailyPoint[] = [];
    for (const day of days) {
      if (day.sourceId !== source) continue;
      const value = day.values[index];
      if (day.current) byDate.set(day.date, value);
      else previousDays.push({ date: day.date, value });
      if (value === null || !Number.isFinite(value)) continue;
      if (day.current) {
        current += value;
        seenCurrent = true;
      } else {
        previous += value;
        seenPrevious = true;
      }
    }
    if (!seenCurrent) continue;
    const metric = findMetric(part);
    const series = currentDates.map((date) => ({ date, value: byDate.get(date) ?? null }));
    // Tested as a report tests a period's change (weekday effects out, the days' own noise): a change within the
    // days' ordinary variation is shown without colour, not as good or bad news.
    const test =
      seenPrevious && currentDates.length > 0
        ? periodChange(
            series,
            previousDays.sort((a, b) => a.date.localeCompare(b.date)),
            { metric: part, periodStart: currentDates[0], periodEnd: currentDates[currentDates.length - 1] },
          )
        : null;
    // What the season predicts, for a change its test finds, as a report's header judges it (report-kpis.ts).
    const year = source ? lastYear?.get(source) : undefined;
    const season =
      test?.significant && year && seenPrevious
        ? seasonPrediction(
            {
              current,
              baseline: previous,
              change: current - previous,
              // The test's interval around its own baseline, carried over to the period's sum.
              expectedHigh:
                test.expectedHigh !== null && test.baseline !== null
                  ? previous + test.expectedHigh - test.baseline
                  : null,
            },
            { current: year.current[index], baseline: year.previous[index] },
          )
        : null;
    kpis.push({
      key: part,
      label: metric?.label ?? part,
      unit: metric?.unit ?? "count",
      higherIsBetter: metric?.higherIsBetter ?? true,
      current,
      previous: seenPrevious ? previous : null,
      changePct: seenPrevious && previous !== 0 ? (current - previous) / Math.abs(previous) : null,
      series,
      significant: test ? test.significant : null,
      season,
    });
  }
  return kpis;
}

import { DEFAULT_PRIMARY_KPI } from "@/lib/constants/settings";
import { KPI_SETTING_METRIC, kpiSettingMetric } from "@/lib/insights/kpi-setting";
import type { SiteType } from "@/lib/constants/site-types";
import { STORED_METRICS, findMetric } from "@/lib/catalogue/metrics";
import type { DashboardKpi } from "@/lib/api-client/dashboard-types";
import { pickSource } from "@/lib/insights/pick-source";
import { resultsBetween } from "@/lib/insights/cost-results";
import { isCostPerResult } from "@/lib/insights/narrate/sense";
import { periodChange, type WeightedPoint } from "../../insights/detectors/period-change";
import { seasonPrediction } from "../../insights/stats/season-prediction";

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

/**
 * An ad account's row (no source counts visits, one has ad spend): what it spent, what that bought and at what price,
 * as its report's header reads it. A cost per result is a ratio of two summed parts, recomputed from their sums.
 */
const AD_ACCOUNT_METRICS: DashboardMetric[] = ["cost", "clicks", "cpc", "conversions", "cpa"];

/** A tile's metric: a summed part, or a cost per result (cost over a summed part), which the dashboard can add up. */
export type DashboardMetric = PartKey | "cpc" | "cpa" | "cpl";

export const HEADLINE_COUNT = 3;

/**
 * The metrics to show, in order: the primary first, without repeats; the first HEADLINE_COUNT the project's data holds
 * are shown (buildKpis). Without a setting, a lead generation project with its CRM connected leads with deals won, as
 * its reports rank by them (engine/kpi.ts). An ad account (isAdAccount) shows its spend, clicks and cost per click
 * after the primary KPI instead of the site type's figures, which its data does not hold.
 */
export function headlineParts(
  siteType: SiteType,
  primaryKpi: unknown,
  options: { adAccount?: boolean } = {},
): DashboardMetric[] {
  const chosen = kpiSettingMetric(primaryKpi);
  const first = chosen
    ? [chosen]
    : [...(siteType === "lead_generation" ? ["dealsWon"] : []), KPI_SETTING_METRIC[DEFAULT_PRIMARY_KPI[siteType]]];
  const own = options.adAccount ? AD_ACCOUNT_METRICS : SITE_TYPE_PARTS[siteType];
  return [...new Set([...first, ...own, ...FALLBACK_PARTS])] as DashboardMetric[];
}

export interface DayValues {
  sourceId: string;
  date: string;
  current: boolean;
  values: (number | null)[];
}

const partIndex = (key: string) => SUMMED_PARTS.findIndex((p) => p.key === key);

/** Whether the project's data is an ad account's alone: no source counts visits, and one spent in the period. */
export function isAdAccount(days: readonly DayValues[]): boolean {
  const sessions = partIndex("sessions");
  const cost = partIndex("cost");
  if (days.some((d) => d.values[sessions] !== null)) return false;
  return days.some((d) => d.current && (d.values[cost] ?? 0) > 0);
}

/** The summed parts a tile's metric is read from: itself, or a ratio's numerator and denominator; null otherwise. */
function partsOf(metric: string): number[] | null {
  const m = findMetric(metric);
  const parts = m?.kind === "ratio" ? [m.numerator, m.denominator] : [metric];
  const indexes = parts.map(partIndex);
  return indexes.every((i) => i >= 0) ? indexes : null;
}

/** One source's values of a metric's parts over the two periods, by day. */
interface MetricDays {
  current: Map<string, (number | null)[]>;
  previous: Map<string, (number | null)[]>;
}

function daysOf(days: readonly DayValues[], source: string | undefined, parts: number[]): MetricDays {
  const out: MetricDays = { current: new Map(), previous: new Map() };
  for (const day of days)
    if (day.sourceId === source)
      (day.current ? out.current : out.previous).set(
        day.date,
        parts.map((i) => day.values[i]),
      );
  return out;
}

/** Each part's sum over a period's days with a finite value; null when none has one. */
function sums(byDate: Map<string, (number | null)[]>, n: number): (number | null)[] {
  const totals: (number | null)[] = Array.from({ length: n }, () => null);
  for (const values of byDate.values())
    values.forEach((v, i) => {
      if (v !== null && Number.isFinite(v)) totals[i] = (totals[i] ?? 0) + v;
    });
  return totals;
}

/** A metric's value from its parts: the part itself, or the ratio of the two (null without a denominator). */
const valueOf = (parts: readonly (number | null)[]): number | null =>
  parts.length === 1 ? parts[0] : parts[0] !== null && parts[1] ? parts[0] / parts[1] : null;

/** A period's days as the report's period change tests them: a ratio's day weighted by its denominator. */
function testDays(byDate: Map<string, (number | null)[]>, dates: readonly string[]): WeightedPoint[] {
  return dates.map((date) => {
    const parts = byDate.get(date);
    const value = parts ? valueOf(parts) : null;
    return parts && parts.length === 2 ? { date, value, weight: parts[1] ?? 0 } : { date, value };
  });
}

/** A cost per result's denominator (`part`) a day in each period: the mean of the days that reported it. */
function resultsPerDay(part: string, days: MetricDays) {
  const mean = (byDate: Map<string, (number | null)[]>) => {
    const known = [...byDate.values()].map((v) => v[1]).filter((v): v is number => v !== null && Number.isFinite(v));
    return known.length > 0 ? known.reduce((a, b) => a + b, 0) / known.length : null;
  };
  const before = mean(days.previous);
  const after = mean(days.current);
  return before === null || after === null ? null : resultsBetween(part, before, after);
}

/**
 * The KPIs of one project from its daily totals (current and previous period days): sums per
 * period, the relative change, and the current period's daily series for the sparkline. A metric no
 * source reported in the current period is left out rather than shown as zero; the first
 * HEADLINE_COUNT of `metrics` that are reported are kept.
 */
export function buildKpis(
  metrics: readonly string[],
  days: DayValues[],
  currentDates: string[],
  /** source → its totals over the same two periods a year earlier (project-days.ts), for the season's prediction. */
  lastYear?: ReadonlyMap<string, { current: (number | null)[]; previous: (number | null)[] }>,
): DashboardKpi[] {
  const kpis: DashboardKpi[] = [];
  const sessions = partIndex("sessions");
  const seesSite = new Set(days.filter((d) => d.values[sessions] !== null).map((d) => d.sourceId));
  for (const key of metrics) {
    if (kpis.length >= HEADLINE_COUNT) break;
    const parts = partsOf(key);
    if (!parts) continue;
    const daysBySource = new Map<string, number>();
    for (const day of days)
      if (parts.every((i) => day.values[i] !== null))
        daysBySource.set(day.sourceId, (daysBySource.get(day.sourceId) ?? 0) + 1);
    const source = pickSource(
      [...daysBySource].map(([sourceId, n]) => ({ sourceId, days: n, seesSite: seesSite.has(sourceId) })),
    );
    const kpi = source ? tileOf(key, parts, daysOf(days, source, parts), currentDates, lastYear?.get(source)) : null;
    if (kpi) kpis.push(kpi);
  }
  return kpis;
}

/** One tile from its source's days; null when the source reported none of the current period's. */
function tileOf(
  key: string,
  parts: number[],
  days: MetricDays,
  currentDates: string[],
  year: { current: (number | null)[]; previous: (number | null)[] } | undefined,
): DashboardKpi | null {
  const currentSums = sums(days.current, parts.length);
  const previousSums = sums(days.previous, parts.length);
  const current = valueOf(currentSums);
  if (current === null) return null;
  const seenPrevious = previousSums.every((v) => v !== null);
  const previous = seenPrevious ? valueOf(previousSums) : null;
  const metric = findMetric(key);
  const series = testDays(days.current, currentDates).map(({ date, value }) => ({ date, value }));
  const previousDates = [...days.previous.keys()].sort();
  // Tested as a report tests a period's change (weekday effects out, the days' own noise): a change within the
  // days' ordinary variation is shown without colour, not as good or bad news.
  const test =
    previous !== null && currentDates.length > 0
      ? periodChange(testDays(days.current, currentDates), testDays(days.previous, previousDates), {
          metric: key,
          periodStart: currentDates[0],
          periodEnd: currentDates[currentDates.length - 1],
        })
      : null;
  // What the season predicts, for a change its test finds, as a report's header judges it (report-kpis.ts): a
  // summed part's alone (the header checks no ratio against last year).
  const season =
    test?.significant && year && previous !== null && parts.length === 1
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
          { current: year.current[parts[0]], baseline: year.previous[parts[0]] },
        )
      : null;
  // A cost per result carries what it bought a day in each period, which its colour depends on (ADR 0033).
  const results = isCostPerResult(key) && seenPrevious ? resultsPerDay(SUMMED_PARTS[parts[1]].key, days) : null;
  return {
    key,
    label: metric?.label ?? key,
    unit: metric?.unit ?? "count",
    higherIsBetter: metric?.higherIsBetter ?? true,
    current,
    previous,
    changePct: previous !== null && previous !== 0 ? (current - previous) / Math.abs(previous) : null,
    series,
    significant: test ? test.significant : null,
    season,
    ...(results ? { results } : {}),
  };
}

import "server-only";
import { addDays, comparisonRange, daysBetween } from "@/lib/dates";
import { MAX_HEADLINE_KPIS, headlineCandidates } from "@/lib/insights/headline-kpis";
import { kpiSettingMetric } from "@/lib/insights/kpi-setting";
import { isCostPerResult } from "@/lib/insights/narrate/sense";
import type { Results } from "@/lib/insights/finding";
import { resultsBetween } from "@/lib/insights/cost-results";
import { AD_METRICS, NON_CAMPAIGNS } from "@/lib/insights/ad-metrics";
import { pickSource } from "@/lib/insights/pick-source";
import { MIN_PERIOD_COVERAGE, estimatePeriodTotal } from "@/lib/insights/period-estimate";
import { METRIC_CATALOGUE, metricDefinition, metricUnit } from "@/lib/catalogue/metrics";
import type { SiteType } from "@/lib/constants/site-types";
import type { Grain } from "@/lib/csv-import/grain";
import { periodChange } from "../../insights/detectors/period-change";
import {
  SEASON_YEAR_DAYS,
  expectedAtBar,
  seasonPrediction,
  type SeasonPrediction,
} from "../../insights/stats/season-prediction";
import { pool } from "../../db/client";
import { activeSourceGrains } from "../data-sources/project-source-ids";
import { analyticsSeams, stitchDays } from "../../insights/data/analytics-seam";
import type { ReportServiceContext } from "../context";

export interface ReportKpi {
  metric: string;
  unit: string;
  current: number | null;
  baseline: number | null;
  change: number | null;
  /** Relative change as a fraction; null when the baseline is 0 or unknown. */
  changePct: number | null;
  /** The period's days, for the sparkline and its table (a weekly or monthly source's: its periods' first days). */
  points: { date: string; value: number | null }[];
  /**
   * The grain of the source the figure is read from: a weekly or monthly source's figures are its periods' totals,
   * and a report that mixes them with daily ones says which are which.
   */
  grain: Grain;
  /** Days of either period without data whose values the totals estimate, as the report's insights do. */
  estimatedDays: string[];
  /**
   * Whether the change is news or the season's (the daily values of the two periods, weekdays matched, as the
   * insights' period changes are tested, at the report's bar; a change the season predicts at 95 %); false inside the
   * days' ordinary variation; null without both periods.
   */
  significant: boolean | null;
  /**
   * What the season predicted, for a significant change of a total against the previous period when the data has the
   * same two periods a year earlier (as the report's insights judge it): expected, or beyond or short of it.
   */
  season: SeasonPrediction | null;
  /** A cost per result's results (clicks, conversions) a day in each period; absent for other figures. */
  results?: Results;
}

/**
 * The observation column of a stored metric (a ratio's parts are stored metrics), or of the part a stored ratio keeps
 * (the average position is stored weighted by impressions: `positionWeighted` is its column).
 */
const columnOf = (key: string): string | null =>
  (
    METRIC_CATALOGUE.find((m) => "column" in m && (m.key === key || ("numerator" in m && m.numerator === key))) as
      { column?: string } | undefined
  )?.column ?? null;

/** A ratio's numerator and denominator, an additive metric itself. */
function partsOf(metric: string): string[] {
  const def = metricDefinition(metric);
  return def.kind === "ratio" ? [def.numerator, def.denominator] : [def.key];
}

type Day = Map<string, number | null>;

/**
 * GET /reports/{id}/kpis: the headline figures of the report's period against its comparison period, for the site
 * type (lib/insights/headline-kpis.ts), each with its daily series.
 *
 * Read straight from `observations` (the web process never loads the insight engine), by the engine's rules: all
 * rows of a source's day share one grain, so their sum is the day's total; each metric is read from the one source
 * holding the most days of all its parts (pickSource), so nothing is counted twice; a ratio is recomputed from its
 * summed parts; a day a source has no row for is 0 between its first and last day in the window and unknown outside
 * them. The days the report's engine read as unknown (tracking gaps) are unknown here too, and a period's unknown days
 * are estimated from its other days of their weekday (lib/insights/period-estimate.ts), as the insights' totals are.
 */
export async function reportKpis({ ctx }: { ctx: ReportServiceContext }) {
  return headlineFigures(ctx.access.report, ctx.access.project);
}

/** The headline figures of a report of a project, checked for access by the caller (the route, a share link). */
export async function headlineFigures(
  report: ReportServiceContext["access"]["report"],
  project: ReportServiceContext["access"]["project"],
) {
  const comparison = comparisonRange(report.periodStart, report.periodEnd, report.compareTo);
  const from = comparison.start < report.periodStart ? comparison.start : report.periodStart;
  // The project's primary KPI first when it is set (reports rank by it), then the site type's figures.
  const chosen = kpiSettingMetric((project.settings as { primaryKpi?: unknown } | null)?.primaryKpi);
  const candidates = [...new Set([...(chosen ? [chosen] : []), ...headlineCandidates(project.siteType as SiteType)])];
  // Each source's figures estimate that source's unknown days, as its insights left out those alone; a report kept
  // before they were per source estimates its one list everywhere, one generated before they were kept none.
  const bySourceUnknown = report.excludedDaysBySource;
  const unknownDaysOf = (source: string): ReadonlySet<string> | null =>
    bySourceUnknown
      ? new Set(bySourceUnknown[source] ?? [])
      : report.excludedDays
        ? new Set(report.excludedDays)
        : null;
  // Sessions always: a source that counts visits wins a tie for a metric (pickSource).
  const parts = [...new Set(["sessions", ...candidates.flatMap(partsOf)])].filter((p) => columnOf(p));
  const columns = parts.map((p) => `sum(o.${columnOf(p)}) as "${p}"`).join(", ");
  // The active sources first: only their partitions of `observations` are read.
  const grains = await activeSourceGrains(project.id);
  const sources = [...grains.keys()];
  // Read beside the periods' days, on other connections: the same two periods a year earlier (the season's
  // prediction of an additive figure's change), and the lasting moves the report's insights established.
  const seasonal = candidates.filter((m) => metricDefinition(m).kind === "additive" && !AD_METRICS.has(m));
  const lastYearRead =
    report.compareTo === "previous_period" && seasonal.length > 0
      ? lastYearTotals(sources, seasonal, report, comparison)
      : Promise.resolve(null);
  const seamsRead = analyticsSeams(sources).then((all) => all.filter((s) => report.periodEnd >= s.from));
  seamsRead.catch(() => undefined);
  const establishedRead = report.pThreshold === null ? Promise.resolve(new Set<string>()) : establishedMoves(report.id);
  // Awaited below; a failure while the days are still being read must not go unhandled.
  lastYearRead.catch(() => undefined);
  establishedRead.catch(() => undefined);
  const { rows } = await pool().query<Record<string, string | number | null>>(
    `select o.data_source_id as source, to_char(o.date, 'YYYY-MM-DD') as date, ${columns}
       from observations o
      where o.data_source_id = any($1::uuid[]) and o.date between $2 and $3
      group by 1, 2`,
    [sources, from, report.periodEnd],
  );

  const bySource = daysBySource(rows, parts);
  // A project's Universal Analytics history and its GA4 source are one source, as the report's insights read them.
  stitchDays(bySource, await seamsRead);
  // An ad metric counts only the rows of paid campaigns where the source breaks its data down by campaign, as the
  // report's insights do (lib/insights/ad-metrics.ts): never the site's conversions against the ad spend.
  // Only sources with ad cost in the window are read again (a shop without ads pays nothing for it).
  const adMetrics = candidates.filter((m) => AD_METRICS.has(m));
  const withCost = [...new Set(rows.filter((r) => Number(r.cost) > 0).map((r) => String(r.source)))];
  const paidBySource =
    adMetrics.length > 0 && withCost.length > 0
      ? await paidCampaignDays(withCost, adMetrics, report, comparison)
      : null;

  const lastYear = await lastYearRead;

  const daysWith = (source: string, needed: string[]) =>
    [...bySource.get(source)!.values()].filter((d) => needed.every((p) => d.get(p) !== null && d.get(p) !== undefined))
      .length;

  // A change is news at the report's own bar (its insights' Benjamini-Hochberg threshold over all their tests), so a
  // figure is never coloured while the insight on the same change says it is within noise; 95 % for older reports.
  // A change its own test finds at 95 % is news too where the report's insights established a lasting move of the same
  // metric the same way (a segment's level shift, a period's change): mobile revenue down 30 % from the 5th and Paid
  // Search's down half from the 10th are the period's −11.5 % revenue, which a test of the two periods' days alone
  // cannot tell from noise at the bar of 8,000 tests (the move began mid-period). The insights name where it came from.
  const established = await establishedRead;
  const judged = (metric: string, test: { pValue: number | null; significant: boolean; direction: string | null }) =>
    report.pThreshold === null
      ? test.significant
      : test.significant && (test.pValue! <= report.pThreshold || established.has(`${metric}|${test.direction}`));
  const kpis: ReportKpi[] = [];
  for (const metric of candidates) {
    if (kpis.length >= MAX_HEADLINE_KPIS) break;
    const needed = partsOf(metric);
    const source = pickSource(
      [...bySource.keys()].map((s) => ({
        sourceId: s,
        days: daysWith(s, needed),
        seesSite: daysWith(s, ["sessions"]) > 0,
      })),
    );
    if (!source) continue;
    const days = bySource.get(source)!;
    const unknownDays = unknownDaysOf(source);
    const dates = [...days.keys()].sort();
    const first = dates[0];
    const last = dates[dates.length - 1];
    const paid = AD_METRICS.has(metric) ? paidBySource?.get(source) : undefined;
    // A weekly or monthly source's row is its period's total, dated by its first day: its other days are not 0 but
    // inside that row, so the figures and their test read its periods alone (the sparkline a point a week or month).
    const coarse = (grains.get(source) ?? "day") !== "day";
    const part = (date: string, p: string): number | null => {
      if (date < first || date > last) return null;
      if (coarse && !days.has(date)) return null;
      return (paid ?? days).get(date)?.get(p) ?? 0;
    };
    const ratio = metricDefinition(metric).kind === "ratio";
    const estimatedDays = new Set<string>();
    /** A part's total over [start, end]: its days with data, and an estimate for the ones without. */
    const sum = (start: string, end: string, p: string) => {
      const points = [];
      let recorded: number | null = null;
      for (let d = start; d <= end; d = addDays(d, 1)) {
        const value = part(d, p);
        if (value !== null) recorded = (recorded ?? 0) + value;
        points.push({ date: d, value: unknownDays?.has(d) ? null : value });
      }
      if (recorded === null || !unknownDays) return recorded;
      // A period the data barely covers is summed as recorded (its changes are skipped, with the days it has).
      const knownDays = points.filter((x) => x.value !== null).length;
      if (knownDays < MIN_PERIOD_COVERAGE * points.length) return recorded;
      const estimate = estimatePeriodTotal(points);
      for (const d of estimate.estimatedDays) estimatedDays.add(d);
      return estimate.total;
    };
    const valueOver = (start: string, end: string) => {
      const num = sum(start, end, needed[0]);
      if (!ratio) return num;
      const den = sum(start, end, needed[1]);
      return num !== null && den ? num / den : null;
    };
    const current = valueOver(report.periodStart, report.periodEnd);
    const baseline = valueOver(comparison.start, comparison.end);
    const results = isCostPerResult(metric) ? resultsOver(needed[1], sum, report, comparison) : null;
    if (current === null && baseline === null) continue;
    const change = current !== null && baseline !== null ? current - baseline : null;
    // The sparkline shows the days as recorded (a gap's dip included), never an estimate.
    const recorded = (date: string) => {
      const num = part(date, needed[0]);
      if (!ratio) return num;
      const den = part(date, needed[1]);
      return num !== null && den ? num / den : null;
    };
    const points = Array.from({ length: daysBetween(report.periodStart, report.periodEnd) }, (_, i) => {
      const date = addDays(report.periodStart, i);
      return { date, value: recorded(date) };
    }).filter((p) => !coarse || days.has(p.date));
    // The change tested as the report's insights test a period's change (period-change.ts): the days as recorded,
    // the unknown ones left out, a ratio's day weighted by its denominator.
    const testDays = (start: string, end: string) =>
      Array.from({ length: daysBetween(start, end) }, (_, i) => {
        const date = addDays(start, i);
        const value = unknownDays?.has(date) ? null : recorded(date);
        return ratio ? { date, value, weight: part(date, needed[1]) ?? 0 } : { date, value };
      });
    const test =
      change !== null
        ? periodChange(testDays(report.periodStart, report.periodEnd), testDays(comparison.start, comparison.end), {
            metric,
            periodStart: report.periodStart,
            periodEnd: report.periodEnd,
          })
        : null;
    // The season is checked for a change its own test finds (as the insights' period changes are): one it predicts
    // reads as expected, not as news and not as noise (the report's bar is the news's, which the season is not).
    const prediction =
      test?.significant && seasonal.includes(metric as (typeof seasonal)[number])
        ? seasonPrediction(
            {
              current,
              baseline,
              change,
              // The test's interval around its own baseline, carried over to the estimated totals.
              expectedHigh:
                test.expectedHigh !== null && test.baseline !== null && baseline !== null
                  ? baseline + test.expectedHigh - test.baseline
                  : null,
            },
            lastYear?.get(source)?.get(metric) ?? { current: null, baseline: null },
          )
        : null;
    // Beyond the season by less than the report's bar: expected, as the insights read it (season-prediction.ts).
    const predicted =
      prediction && report.pThreshold !== null ? expectedAtBar(prediction, report.pThreshold) : prediction;
    const significant = test ? predicted?.expected === true || judged(metric, test) : null;
    const season = significant ? predicted : null;
    kpis.push({
      metric,
      unit: metricUnit(metric),
      current,
      baseline,
      change,
      changePct: change !== null && baseline ? change / Math.abs(baseline) : null,
      points,
      grain: grains.get(source) ?? "day",
      estimatedDays: [...estimatedDays].sort(),
      significant,
      season,
      ...(results ? { results } : {}),
    });
  }
  return {
    reportId: report.id,
    periodStart: report.periodStart,
    periodEnd: report.periodEnd,
    comparisonStart: comparison.start,
    comparisonEnd: comparison.end,
    currency: project.currency,
    kpis,
  };
}

/**
 * What a cost per result bought (its denominator, `part`: clicks, conversions) a day in each period, as its totals
 * are summed: cheaper clicks, but fewer, are no better buy (narrate/sense.ts movedWithResults), and the figure is not
 * coloured as one.
 */
function resultsOver(
  part: string,
  sum: (start: string, end: string, part: string) => number | null,
  period: { periodStart: string; periodEnd: string },
  comparison: { start: string; end: string },
): Results | null {
  const perDay = (start: string, end: string) => {
    const total = sum(start, end, part);
    return total === null ? null : total / daysBetween(start, end);
  };
  const before = perDay(comparison.start, comparison.end);
  const after = perDay(period.periodStart, period.periodEnd);
  if (before === null || after === null) return null;
  return resultsBetween(part, before, after);
}

/**
 * source → date → part: the days of the paid campaigns' rows (a campaign name with ad cost in either compared period)
 * of each source whose data is broken down by campaign; a source without a campaign dimension is all ad data or none.
 * Read from the campaigns' daily rollup (the report's own figures, current since its import merged them or the report
 * rebuilt them): campaigns × days rows instead of every observation of the two periods (the same query timed on the
 * report bench's 5 million rows, sessions standing in for cost: 0.35-0.5 s from the observations, 0.15 s from here).
 */
async function paidCampaignDays(
  sources: string[],
  metrics: string[],
  period: { periodStart: string; periodEnd: string },
  comparison: { start: string; end: string },
) {
  const parts = [...new Set(metrics.flatMap(partsOf))].filter((p) => columnOf(p));
  if (!parts.includes("cost")) return null;
  const { rows } = await pool().query<Record<string, string | number | null>>(
    `with rows as (
       select r.data_source_id as source, r.date, r.value as campaign, ${parts.map((p) => `r.${columnOf(p)}`).join(", ")}
         from observation_segment_daily r
        where r.data_source_id = any($1::uuid[]) and r.dimension = 'campaign'
          and (r.date between $2 and $3 or r.date between $4 and $5)
     ), paid as (
       select source, campaign from rows
        where lower(btrim(campaign)) <> all($6::text[])
        group by 1, 2
       having sum(cost) > 0
     )
     select r.source, to_char(r.date, 'YYYY-MM-DD') as date,
            ${parts.map((p) => `sum(r.${columnOf(p)}) filter (where p.campaign is not null) as "${p}"`).join(", ")}
       from rows r
       left join paid p on p.source = r.source and p.campaign = r.campaign
      group by 1, 2`,
    [sources, period.periodStart, period.periodEnd, comparison.start, comparison.end, [...NON_CAMPAIGNS]],
  );
  return daysBySource(rows, parts);
}

/**
 * "metric|direction" of the lasting moves the report's insights found (level shifts and period changes, in a segment
 * or the total; not one day's anomaly, and not what the season predicts).
 */
async function establishedMoves(reportId: string): Promise<Set<string>> {
  const { rows } = await pool().query<{ move: string }>(
    `select distinct (f->>'metric') || '|' || (f->>'direction') as move
       from insights i, jsonb_array_elements(i.findings) f
      where i.report_id = $1 and f->>'kind' in ('level_shift', 'change')
        and coalesce(f->'season'->>'expected', 'false') <> 'true'`,
    [reportId],
  );
  return new Set(rows.map((r) => r.move));
}

/**
 * source → metric → its totals over the report's two periods a year earlier (364 days back, the same weekdays), from
 * the daily rollup the report's engine reads them from. A source whose rows do not reach back to the first of those
 * days is left out: a partial year would fake a seasonal move.
 */
async function lastYearTotals(
  sources: string[],
  metrics: string[],
  period: { periodStart: string; periodEnd: string },
  comparison: { start: string; end: string },
) {
  const back = (date: string) => addDays(date, -SEASON_YEAR_DAYS);
  const columns = metrics.map((m) => [m, columnOf(m)] as const).filter((c): c is [string, string] => c[1] !== null);
  if (columns.length === 0) return null;
  const sums = columns
    .map(
      ([, column], i) =>
        `sum(${column}) filter (where date >= $4) as "c${i}", sum(${column}) filter (where date <= $5) as "b${i}"`,
    )
    .join(", ");
  const { rows } = await pool().query<Record<string, string | number | null>>(
    `select data_source_id as source, to_char(min(date), 'YYYY-MM-DD') as first, ${sums}
       from observation_daily_totals
      where data_source_id = any($1::uuid[]) and date between $2 and $3
      group by 1`,
    [sources, back(comparison.start), back(period.periodEnd), back(period.periodStart), back(comparison.end)],
  );
  const number = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));
  const bySource = new Map<string, Map<string, { current: number | null; baseline: number | null }>>();
  for (const row of rows) {
    if (row.first !== back(comparison.start)) continue;
    bySource.set(
      String(row.source),
      new Map(columns.map(([m], i) => [m, { current: number(row[`c${i}`]), baseline: number(row[`b${i}`]) }])),
    );
  }
  return bySource;
}

/** source → date → part → value, from rows of (source, date, one column per part). */
function daysBySource(rows: Record<string, string | number | null>[], parts: string[]) {
  const bySource = new Map<string, Map<string, Day>>();
  for (const row of rows) {
    const source = String(row.source);
    const days = bySource.get(source) ?? new Map<string, Day>();
    bySource.set(source, days);
    days.set(String(row.date), new Map(parts.map((p) => [p, row[p] === null ? null : Number(row[p])])));
  }
  return bySource;
}

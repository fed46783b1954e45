import type { Kpi, EngineInput, EngineProject } from "../engine/types";
import type { SameCount } from "../engine/same-counts";
import type { FindingOf } from "@/lib/insights/finding";
import { indexFrom, type CubeSeries, type MetricCube } from "../data/cube";
import type { ReportWindow } from "../data/window";
import type { SourceDays } from "../data/source-days";
import { fitModel, seasonOf, weekdayFactors, type SeriesModel } from "../model/decompose";
import { yearlyFactors } from "../model/yearly";
import { detectLevelShifts } from "../detect/level-shifts";
import { detectOutlierDays } from "../detect/outlier-day";
import { detectTrend } from "../detect/trend";
import { seriesKeyOf, type DetectContext, type Detection } from "../detect/types";
import { COUNT_BEHIND } from "../engine/count-floor";
import { pooledModels } from "../model/pooled-noise";
import type { PartKey } from "../data/parts";
import type { ChartPoint } from "./charts";

// One report's analysis of its series: each series modelled once (its season, its change points, its noise) and run
// through the detectors once, whichever intentions read it. The memo lives in the report's own context, built per
// report: nothing is kept between reports.

export interface SeriesAnalysis {
  series: CubeSeries;
  model: SeriesModel;
  shifts: Detection;
  days: Detection;
  /** Totals only: growth over the period and slope changes. */
  trend: Detection | null;
  /** What its detectors read beside the model (its period, the events a day its money is made of). */
  detect: DetectContext;
}

export interface ReportContext {
  input: EngineInput;
  cube: MetricCube;
  window: ReportWindow;
  project: EngineProject;
  kpi: Kpi | null;
  /** Days read as unknown by every detector (tracking gaps, frozen runs, a partial last day). */
  excludedDays: SourceDays;
  /** The report's memo of analysed series, by series key. */
  analyses: Map<string, SeriesAnalysis>;
  /** Yearly factors per source and metric (from that total), by `source|metric`. */
  yearly: Map<string, (date: string) => number>;
  /** Conversions that are another count under a second name (engine/same-counts.ts): read once, as that count. */
  sameCount: SameCount | null;
  /** Runs of frozen tracking the audit found (their days are among `excludedDays`). */
  frozen: readonly FindingOf<"audit">[];
  /** Each charted model's points (its values, expected values and ranges), drawn once per report (charts.ts). */
  chartPoints: Map<SeriesModel, ChartPoint[]>;
  /** The watched segments' analyses with their pools' noise, once per report (analyseSegments). */
  segments?: readonly SeriesAnalysis[];
}

/** The yearly factors of a metric's total on its source (1 everywhere when it has no year of days). */
export function yearlyOf(ctx: ReportContext, sourceId: string, metric: string): (date: string) => number {
  const key = `${sourceId}|${metric}`;
  const known = ctx.yearly.get(key);
  if (known) return known;
  const total = ctx.cube.total(metric, sourceId);
  const factors = total ? yearlyFactors(total, weekdayFactors(total)) : () => 1;
  ctx.yearly.set(key, factors);
  return factors;
}

const PERIOD_DAYS = { day: 1, week: 7, month: 30.44 } as const;

/** A series' mean a day over its known periods (null when none is known). */
function meanPerDay(series: CubeSeries): number | null {
  let sum = 0;
  let known = 0;
  for (const v of series.values)
    if (Number.isFinite(v)) {
      sum += v;
      known++;
    }
  return known > 0 ? sum / known / PERIOD_DAYS[series.grain] : null;
}

/**
 * The events a day an amount is made of (orders behind revenue, clicks behind cost: count-floor.ts), from the same
 * total or segment; null for a count or a ratio, or money with no count beside it.
 */
function eventsPerDay(ctx: ReportContext, series: CubeSeries): number | null {
  const behind = series.family === "amount" ? COUNT_BEHIND[series.metric as PartKey] : undefined;
  if (!behind) return null;
  const segment = ctx.cube.segmentDaily.series.find(
    (s) => s.sourceId === series.sourceId && s.dimension === series.dimension && s.value === series.value,
  );
  let most: number | null = null;
  for (const metric of behind) {
    const counts =
      series.dimension === null
        ? ctx.cube.total(metric, series.sourceId)
        : segment && ctx.cube.segment(segment, metric);
    const perDay = counts ? meanPerDay(counts) : null;
    if (perDay !== null) most = Math.max(most ?? 0, perDay);
  }
  return most;
}

/** A series' model and change points, its days not yet judged (a pooled segment's are judged with its pool's noise). */
type Modelled = Omit<SeriesAnalysis, "days">;

/** The series modelled: its model fitted, its change points found and respected (its trend, for a total). */
function modelled(ctx: ReportContext, series: CubeSeries): Modelled {
  const detect: DetectContext = {
    window: ctx.window,
    periodFrom: indexFrom(series, ctx.window.periodStart),
    eventsPerDay: eventsPerDay(ctx, series),
  };
  const season = seasonOf(series, yearlyOf(ctx, series.sourceId, series.metric));
  const first = fitModel(series, season);
  const shifts = detectLevelShifts(first, detect);
  // The level fitted again within the cuts: each period whose neighbours no cut separates keeps its first fit's.
  const model = shifts.cuts.length > 0 ? fitModel(series, season, shifts.cuts, first) : first;
  const trend = series.dimension === null ? detectTrend(model, detect) : null;
  return { series, model, shifts, trend, detect };
}

/** The series analysed: its model fitted, its change points found and respected, its days judged. */
export function analyse(ctx: ReportContext, series: CubeSeries): SeriesAnalysis {
  const key = seriesKeyOf(series);
  const known = ctx.analyses.get(key);
  if (known) return known;
  const m = modelled(ctx, series);
  const analysis = { ...m, days: detectOutlierDays(m.model, m.detect) };
  ctx.analyses.set(key, analysis);
  return analysis;
}

/**
 * The watched segments' series analysed (the same list every time in a report), each pooled one's days judged with the
 * noise its pool moderates (model/pooled-noise.ts), and only with it; the memo then holds the pooled analysis, which
 * its chart reads.
 */
export function analyseSegments(ctx: ReportContext, series: readonly CubeSeries[]): readonly SeriesAnalysis[] {
  if (ctx.segments) return ctx.segments;
  const own: (SeriesAnalysis | Modelled)[] = series.map((s) => ctx.analyses.get(seriesKeyOf(s)) ?? modelled(ctx, s));
  const pooled = pooledModels(own.map((a) => a.model));
  const out = own.map((a, i) => {
    const model = pooled[i];
    if (model === a.model && "days" in a) return a;
    const analysis: SeriesAnalysis = { ...a, model, days: detectOutlierDays(model, a.detect) };
    ctx.analyses.set(seriesKeyOf(a.series), analysis);
    return analysis;
  });
  ctx.segments = out;
  return out;
}

/** A metric's total, analysed (null when no source has it). */
export function analyseTotal(ctx: ReportContext, metric: string): SeriesAnalysis | null {
  const total = ctx.cube.total(metric);
  return total ? analyse(ctx, total) : null;
}

/** The analysis of a series the report has analysed, by its key. */
export const analysisOf = (ctx: ReportContext, key: string): SeriesAnalysis | undefined => ctx.analyses.get(key);

import type { FindingOf } from "@/lib/insights/finding";
import { ENGINE_CONFIG } from "../config";
import type { CubeSeries } from "../data/cube";
import type { SeriesModel } from "../model/decompose";
import { studentTQuantile, twoSidedStudentTP } from "../stats/distributions";
import { lineCost, minSegment, searchWithAutocorrelation } from "./change-points/search";
import { autocorrelationInflation } from "./change-points/search";
import { seriesKeyOf, type Candidate, type DetectContext, type Detection } from "./types";

// A total's trend: its growth over the report's period (the slope of its seasonally adjusted values, against no
// growth), and the dates its slope changed (the change-point search with a line per segment). Both are told as growth
// rates per week (per month on a monthly source): a trend's values are rates, its range the rates a flat series shows.

/** Periods a growth rate is per: a week of days, a week, a month. */
const RATE_PERIODS = { day: 7, week: 1, month: 1 } as const;
const rateUnit = (series: CubeSeries): "percent_per_week" | "percent_per_month" =>
  series.grain === "month" ? "percent_per_month" : "percent_per_week";

interface Line {
  level: number;
  slope: number;
  se: number;
  df: number;
}

/** The weighted least-squares line of the adjusted values over [from, to), its slope's standard error inflated. */
function lineOver(model: SeriesModel, from: number, to: number, inflation: number): Line | null {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = from; i < to; i++)
    if (Number.isFinite(model.adjusted[i])) {
      xs.push(i);
      ys.push(model.adjusted[i]);
    }
  const n = xs.length;
  if (n < 7) return null;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (let j = 0; j < n; j++) {
    sxx += (xs[j] - mx) ** 2;
    sxy += (xs[j] - mx) * (ys[j] - my);
  }
  const slope = sxy / sxx;
  let rss = 0;
  for (let j = 0; j < n; j++) rss += (ys[j] - my - slope * (xs[j] - mx)) ** 2;
  const se = Math.sqrt((rss / (n - 2) / sxx) * inflation);
  return { level: my + slope * ((from + to - 1) / 2 - mx), slope, se, df: n - 2 };
}

/** The growth rate per week (or month) a slope per period is, at `level`. */
const asRate = (series: CubeSeries, slope: number, level: number) =>
  level > 0 ? (slope * RATE_PERIODS[series.grain]) / level : NaN;

function growthCandidate(model: SeriesModel, ctx: DetectContext, inflation: number): Candidate | null {
  const series = model.series;
  const n = series.values.length;
  const line = lineOver(model, ctx.periodFrom, n, inflation);
  if (!line || !(line.level > 0) || !(line.se > 0)) return null;
  const p = twoSidedStudentTP(line.slope / line.se, line.df);
  const q = studentTQuantile(0.5 + ENGINE_CONFIG.rangeConfidence / 2, line.df);
  const rate = asRate(series, line.slope, line.level);
  const halfWidth = asRate(series, q * line.se, line.level);
  if (!Number.isFinite(rate) || !Number.isFinite(halfWidth)) return null;
  const finding: FindingOf<"trend"> = {
    ...base(series, series.dates[ctx.periodFrom], series.dates[n - 1]),
    shape: "growth",
    current: rate,
    baseline: 0,
    change: rate,
    changePct: null,
    expectedLow: -halfWidth,
    expectedHigh: halfWidth,
    rate,
    rateLow: rate - halfWidth,
    rateHigh: rate + halfWidth,
    rateUnit: series.grain === "month" ? "month" : "week",
    direction: rate > 0 ? "up" : "down",
    pValue: p,
  };
  return { finding, nullModel: "trend_slope", pValue: p, family: 1, seriesKey: seriesKeyOf(series) };
}

function base(series: CubeSeries, from: string, to: string) {
  return {
    kind: "trend" as const,
    metric: series.metric,
    dimension: series.dimension,
    dimensionValue: series.value,
    periodStart: from,
    periodEnd: to,
    confidence: ENGINE_CONFIG.rangeConfidence,
    valueUnit: rateUnit(series),
    grain: series.grain,
  };
}

/** The slope changes inside the report's period, each against "the slope it had been on". */
function slopeChanges(model: SeriesModel, ctx: DetectContext): { candidates: Candidate[]; tests: number } {
  const series = model.series;
  const cost = lineCost(model);
  const cuts = searchWithAutocorrelation(cost, model).filter((c) => c.index >= ctx.periodFrom - minSegment(series));
  const candidates: Candidate[] = [];
  for (const cut of cuts) {
    const before = cost.slope(cut.from, cut.index);
    const after = cost.slope(cut.index, cut.to);
    const level = cost.level(cut.from, cut.to);
    const from = asRate(series, before, level);
    const to = asRate(series, after, level);
    if (!Number.isFinite(from) || !Number.isFinite(to) || Math.sign(to - from) === 0) continue;
    const finding: FindingOf<"trend"> = {
      ...base(series, series.dates[cut.index], series.dates[cut.to - 1]),
      shape: "trend_change",
      date: series.dates[cut.index],
      baseline: from,
      current: to,
      change: to - from,
      changePct: null,
      expectedLow: null,
      expectedHigh: null,
      direction: to > from ? "up" : "down",
      pValue: cut.pValue,
    };
    candidates.push({
      finding,
      nullModel: "trend_change_point",
      pValue: cut.pValue,
      family: 1,
      seriesKey: seriesKeyOf(series),
    });
  }
  return { candidates, tests: Math.max(1, candidates.length) };
}

/** A total's growth over the period and its slope changes. */
export function detectTrend(model: SeriesModel, ctx: DetectContext): Detection {
  const inflation = autocorrelationInflation(model, lineCost(model), []);
  const growth = growthCandidate(model, ctx, inflation);
  const changes = slopeChanges(model, ctx);
  return { candidates: [...(growth ? [growth] : []), ...changes.candidates], tests: 1 + changes.tests };
}

import type { FindingOf } from "@/lib/insights/finding";
import { ENGINE_CONFIG } from "../config";
import type { CubeSeries } from "../data/cube";
import type { SeriesModel } from "../model/decompose";
import { normalQuantile, studentTQuantile, twoSidedStudentTP } from "../stats/distributions";
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
    // The estimate's interval (the rate it is, within its noise), as v2's growth states it and the checker reads it.
    expectedLow: rate - halfWidth,
    expectedHigh: rate + halfWidth,
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

/** The least-squares slope of the log of a series' known, positive values over [from, to), with its standard error. */
function rawLogSlope(series: CubeSeries, from: number, to: number): { slope: number; se: number } | null {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = Math.max(0, from); i < to; i++)
    if (series.values[i] > 0) {
      xs.push(i);
      ys.push(Math.log(series.values[i]));
    }
  if (xs.length < 5) return null;
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let sxx = 0;
  let sxy = 0;
  for (let k = 0; k < xs.length; k++) {
    sxx += (xs[k] - mx) ** 2;
    sxy += (xs[k] - mx) * (ys[k] - my);
  }
  const slope = sxy / sxx;
  let rss = 0;
  for (let k = 0; k < xs.length; k++) rss += (ys[k] - my - slope * (xs[k] - mx)) ** 2;
  return { slope, se: Math.sqrt(rss / (xs.length - 2) / sxx) };
}

/**
 * A slope change told on its own days: the data's growth rates before the cut (as many periods as after it, within
 * `trendChangeDays`) and after it, and the range the rate after would lie in had it kept the one before. The search
 * reads the season-adjusted values; what a reader is told is what the data did (nyc-taxi's Jan 1, 2015 said "0.60 a
 * week before" where the data fell 9.9 % a week: the year's holidays, adjusted away).
 */
function statedSlopes(series: CubeSeries, cut: { from: number; index: number; to: number }) {
  const { min, max } = ENGINE_CONFIG.trendChangeDays;
  const span = Math.min(max, Math.max(min, cut.to - cut.index));
  const before = rawLogSlope(series, Math.max(cut.from, cut.index - span), cut.index);
  const after = rawLogSlope(series, cut.index, cut.to);
  if (!before || !after) return null;
  const rate = (b: number) => Math.expm1(RATE_PERIODS[series.grain] * b);
  const half = normalQuantile(0.5 + ENGINE_CONFIG.rangeConfidence / 2) * Math.hypot(before.se, after.se);
  const stated = { from: rate(before.slope), to: rate(after.slope) };
  return {
    ...stated,
    low: rate(before.slope - half),
    high: rate(before.slope + half),
    turn: after.slope - before.slope,
  };
}

/** The slope changes inside the report's period, each against "the slope it had been on". */
function slopeChanges(model: SeriesModel, ctx: DetectContext): { candidates: Candidate[]; tests: number } {
  const series = model.series;
  const cost = lineCost(model);
  const cuts = searchWithAutocorrelation(cost, model).filter((c) => c.index >= ctx.periodFrom - minSegment(series));
  const candidates: Candidate[] = [];
  for (const cut of cuts) {
    const tested = cost.slope(cut.index, cut.to) - cost.slope(cut.from, cut.index);
    const s = statedSlopes(series, cut);
    // The data's own days must turn the way the test found (else it is the season's turn, not the series').
    if (!s || ![s.from, s.to, s.low, s.high].every(Number.isFinite) || Math.sign(s.turn) !== Math.sign(tested))
      continue;
    const finding: FindingOf<"trend"> = {
      ...base(series, series.dates[cut.index], series.dates[cut.to - 1]),
      shape: "trend_change",
      date: series.dates[cut.index],
      baseline: s.from,
      current: s.to,
      change: s.to - s.from,
      changePct: null,
      expectedLow: s.low,
      expectedHigh: s.high,
      direction: s.to > s.from ? "up" : "down",
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
  return { candidates, tests: Math.max(1, cuts.length) };
}

/** A total's growth over the period and its slope changes. */
export function detectTrend(model: SeriesModel, ctx: DetectContext): Detection {
  const inflation = autocorrelationInflation(model, lineCost(model), []);
  const growth = growthCandidate(model, ctx, inflation);
  const changes = slopeChanges(model, ctx);
  return { candidates: [...(growth ? [growth] : []), ...changes.candidates], tests: 1 + changes.tests };
}

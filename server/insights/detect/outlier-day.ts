import type { FindingOf, NullModel } from "@/lib/insights/finding";
import { ENGINE_CONFIG } from "../config";
import type { CubeSeries } from "../data/cube";
import { expectedAt, noiseAt, type SeriesModel } from "../model/decompose";
import { pValue, zScore } from "../model/noise";
import { seriesKeyOf, type Candidate, type DetectContext, type Detection } from "./types";

// One day against the model: each known day of the report's period judged against its expected value (the local level
// fitted without it, times its season) under the series' noise. Days only: a weekly or monthly source has no days to
// call unusual. A day's expected count under `minExpectedForDay` is not judged (a day of 1 lead is no news).

const NULL_MODELS: Record<CubeSeries["family"], NullModel> = {
  count: "count_outlier",
  amount: "amount_outlier",
  rate: "rate_outlier",
  ratio: "amount_outlier",
};

/** Days with a p-value under this go on to the report's test (its bar is never above the FDR). */
const CANDIDATE_P = ENGINE_CONFIG.fdr;

/**
 * Whether a series' days can be judged one by one: an amount or a ratio made of a few events a day (a day of one order,
 * then none) is mostly empty days and its day-to-day scatter no noise model describes; judged from `maxZeroShare`.
 */
function judgeable(series: CubeSeries): boolean {
  if (series.family === "count" || series.family === "rate") return true;
  let zeros = 0;
  let known = 0;
  series.values.forEach((v) => {
    if (!Number.isFinite(v)) return;
    known++;
    if (v === 0) zeros++;
  });
  return known > 0 && zeros / known <= ENGINE_CONFIG.maxZeroShare;
}

/** Money made of fewer events a day than `minEventsForDays` (a few baskets of any size) is not judged by day. */
const tooFewEvents = (ctx: DetectContext) => (ctx.eventsPerDay ?? Infinity) < ENGINE_CONFIG.minEventsForDays;

export function detectOutlierDays(model: SeriesModel, ctx: DetectContext): Detection {
  const series = model.series;
  if (series.grain !== "day" || !judgeable(series) || tooFewEvents(ctx)) return { candidates: [], tests: 0 };
  const candidates: Candidate[] = [];
  let tests = 0;
  for (let i = ctx.periodFrom; i < series.values.length; i++) {
    const x = series.values[i];
    const expected = model.expected[i];
    const weight = series.weights ? series.weights[i] : 1;
    if (!Number.isFinite(x) || !Number.isFinite(expected) || weight <= 0) continue;
    if (series.family === "count" && expected < ENGINE_CONFIG.minExpectedForDay) continue;
    tests++;
    const p = pValue(noiseAt(model, i), x, expected, weight);
    if (p >= CANDIDATE_P) continue;
    // The range only for the few days the test has already set apart (a count's is a sum over its whole head).
    const range = expectedAt(model, i)!;
    if (x >= range.low && x <= range.high) continue;
    candidates.push(dayCandidate(model, i, p, range));
  }
  return { candidates, tests };
}

function dayCandidate(
  model: SeriesModel,
  i: number,
  p: number,
  range: { expected: number; low: number; high: number },
): Candidate {
  const series = model.series;
  const x = series.values[i];
  const date = series.dates[i];
  const change = x - range.expected;
  const finding: FindingOf<"anomaly"> = {
    kind: "anomaly",
    metric: series.metric,
    dimension: series.dimension,
    dimensionValue: series.value,
    periodStart: date,
    periodEnd: date,
    date,
    current: x,
    baseline: range.expected,
    expected: range.expected,
    actual: x,
    change,
    changePct: range.expected !== 0 ? change / Math.abs(range.expected) : null,
    expectedLow: range.low,
    expectedHigh: range.high,
    confidence: ENGINE_CONFIG.rangeConfidence,
    direction: change > 0 ? "up" : "down",
    pValue: p,
    score: zScore(noiseAt(model, i), x, range.expected, series.weights ? series.weights[i] : 1),
    grain: "day",
  };
  return { finding, nullModel: NULL_MODELS[series.family], pValue: p, family: 1, seriesKey: seriesKeyOf(series) };
}

import type { FindingOf, NullModel, ShiftShape } from "@/lib/insights/finding";
import { ENGINE_CONFIG } from "../config";
import type { CubeSeries } from "../data/cube";
import type { SeriesModel } from "../model/decompose";
import { varianceAt } from "../model/noise";
import { normalQuantile } from "../stats/distributions";
import { levelCost, minSegment, searchWithAutocorrelation, type Cut } from "./change-points/search";
import { seriesKeyOf, type Candidate, type DetectContext, type Detection } from "./types";

// Level changes of a series: the change-point search with a level per segment, each cut that reaches into the report's
// period told as what it is. A step (a new level that stays), a pulse (a new level that came back to where it was),
// a stop (to nothing, still nothing at the end) or a start (from nothing). Its levels are the means of the data over
// the dates it names, so its direction is the data's; the test is the cut's scan p-value.

const NULL_MODELS: Record<CubeSeries["family"], NullModel> = {
  count: "count_change_point",
  amount: "amount_change_point",
  rate: "rate_change_point",
  ratio: "rate_change_point",
};

interface Span {
  from: number;
  to: number;
}

/** The raw mean of the known periods of [from, to): a ratio's as a ratio of sums. */
function meanOver(series: CubeSeries, { from, to }: Span): { mean: number; known: number; zeros: boolean } {
  let num = 0;
  let den = 0;
  let known = 0;
  let zeros = true;
  for (let i = from; i < to; i++) {
    const x = series.values[i];
    if (!Number.isFinite(x)) continue;
    const w = series.weights ? series.weights[i] : 1;
    num += x * w;
    den += w;
    known++;
    if (x !== 0) zeros = false;
  }
  return { mean: den > 0 ? num / den : NaN, known, zeros };
}

/** The shape of the cut `k` of `cuts` (and the span it covers: a pulse ends where the next cut brings it back). */
function shapeOf(model: SeriesModel, cuts: readonly Cut[], k: number): { shape: ShiftShape; after: Span; back?: Span } {
  const series = model.series;
  const n = series.values.length;
  const cut = cuts[k];
  const next = cuts[k + 1];
  const after: Span = { from: cut.index, to: next ? next.index : n };
  const before = meanOver(series, { from: cut.from, to: cut.index });
  const now = meanOver(series, after);
  if (!next && now.zeros && !before.zeros) return { shape: "stop", after };
  if (before.zeros && !now.zeros) return { shape: "start", after };
  if (next && next.index - cut.index <= ENGINE_CONFIG.maxPulse[series.grain]) {
    const back: Span = { from: next.index, to: cuts[k + 2] ? cuts[k + 2].index : n };
    const later = meanOver(series, back);
    const se = Math.sqrt(spanVariance(model, { from: cut.from, to: cut.index }) + spanVariance(model, back));
    if (Math.abs(later.mean - before.mean) <= ENGINE_CONFIG.backToSe * se) return { shape: "pulse", after, back };
  }
  return { shape: "step", after };
}

/** The variance of the mean of a span's known periods under the model's noise. */
function spanVariance(model: SeriesModel, { from, to }: Span): number {
  let sum = 0;
  let k = 0;
  for (let i = from; i < to; i++) {
    if (!Number.isFinite(model.series.values[i]) || !Number.isFinite(model.expected[i])) continue;
    sum += varianceAt(model.noise, Math.max(model.expected[i], 1e-9), model.series.weights?.[i] ?? 1);
    k++;
  }
  return k > 0 ? sum / (k * k) : Infinity;
}

/**
 * The first known period of a cut's new level, and the first of the unknown ones before it: the search may cut a level
 * anywhere in a run of unknown days (a frozen run, a tracking gap), and the level changed on one of the days from that
 * run's first to the first known day after it (v2's `earliestDate`, detectors/change-points.ts). A step is dated on
 * its first known day, never inside the run the audit told as frozen.
 */
function firstKnown(series: CubeSeries, cut: Cut, to: number): { index: number; earliest?: string } | null {
  let index = cut.index;
  while (index < to && !Number.isFinite(series.values[index])) index++;
  if (index >= to) return null;
  let start = index;
  while (start > cut.from && !Number.isFinite(series.values[start - 1])) start--;
  return start < index ? { index, earliest: series.dates[start] } : { index };
}

/** The level-shift finding of one cut, or null when its data does not move the way its test says. */
function shiftFinding(model: SeriesModel, cuts: readonly Cut[], k: number): Candidate | null {
  const series = model.series;
  const cut = cuts[k];
  const { shape, after, back } = shapeOf(model, cuts, k);
  const known = firstKnown(series, cut, after.to);
  if (!known) return null;
  const date = series.dates[known.index];
  const before = meanOver(series, { from: cut.from, to: cut.index });
  const now = meanOver(series, after);
  if (!Number.isFinite(before.mean) || !Number.isFinite(now.mean) || now.mean === before.mean) return null;
  // Had nothing changed: the level before, in the season of the days after, and its noise over as many days.
  const seasonAfter = meanSeason(model, after);
  const expected = before.mean * seasonAfter;
  const sd = Math.sqrt(spanVariance(model, after) + spanVariance(model, { from: cut.from, to: cut.index }));
  const q = normalQuantile(0.5 + ENGINE_CONFIG.rangeConfidence / 2);
  const change = now.mean - before.mean;
  const day = Math.sqrt(varianceAt(model.noise, Math.max(before.mean, 1e-9), meanWeight(series)));
  const finding: FindingOf<"level_shift"> = {
    kind: "level_shift",
    metric: series.metric,
    dimension: series.dimension,
    dimensionValue: series.value,
    periodStart: date,
    periodEnd: series.dates[after.to - 1],
    date,
    ...(known.earliest ? { earliestDate: known.earliest } : {}),
    shape,
    current: now.mean,
    baseline: before.mean,
    change,
    changePct: before.mean !== 0 ? change / Math.abs(before.mean) : null,
    expectedLow: Math.max(0, expected - q * sd),
    expectedHigh: expected + q * sd,
    confidence: ENGINE_CONFIG.rangeConfidence,
    direction: change > 0 ? "up" : "down",
    pValue: cut.pValue,
    grain: series.grain,
    ...(day > 0 ? { noiseRatio: Math.abs(change) / day } : {}),
    ...(back ? { until: series.dates[after.to - 1], backTo: meanOver(series, back).mean } : {}),
  };
  return {
    finding,
    nullModel: NULL_MODELS[series.family],
    pValue: cut.pValue,
    family: 1,
    seriesKey: seriesKeyOf(series),
  };
}

function meanSeason(model: SeriesModel, { from, to }: Span): number {
  let s = 0;
  let k = 0;
  for (let i = from; i < to; i++)
    if (Number.isFinite(model.series.values[i])) {
      s += model.season[i];
      k++;
    }
  return k > 0 ? s / k : 1;
}

const meanWeight = (series: CubeSeries) => {
  if (!series.weights) return 1;
  let s = 0;
  let k = 0;
  series.weights.forEach((w) => {
    if (w > 0) {
      s += w;
      k++;
    }
  });
  return k > 0 ? s / k : 1;
};

/**
 * The cuts of a series' levels (for the model to respect) and the candidates among them that reach into the report's
 * period: a cut up to one shortest segment before the period counts when its new level runs into it.
 */
export function detectLevelShifts(model: SeriesModel, ctx: DetectContext): Detection & { cuts: number[] } {
  const cuts = searchWithAutocorrelation(levelCost(model), model);
  const series = model.series;
  // Money of fewer than `minEventsForShifts` events a day: its cuts shape the model, none is told.
  const events = ctx.eventsPerDay ?? null;
  if (events !== null && events < ENGINE_CONFIG.minEventsForShifts)
    return { candidates: [], tests: 0, cuts: cuts.map((c) => c.index) };
  const earliest = ctx.periodFrom - minSegment(series);
  const candidates: Candidate[] = [];
  let tests = 0;
  const consumed = new Set<number>();
  cuts.forEach((cut, k) => {
    if (consumed.has(k)) return;
    const reaches = (cuts[k + 1]?.index ?? series.values.length) > ctx.periodFrom;
    if (cut.index < earliest || !reaches) return;
    tests++;
    const candidate = shiftFinding(model, cuts, k);
    if (!candidate) return;
    // A pulse's way back is the same event: told once.
    if ((candidate.finding as FindingOf<"level_shift">).shape === "pulse") consumed.add(k + 1);
    candidates.push(candidate);
  });
  // A series whose search found nothing in the period still tested it once.
  return { candidates, tests: Math.max(1, tests), cuts: cuts.map((c) => c.index) };
}

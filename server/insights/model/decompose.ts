import { dayOfWeek } from "@/lib/dates";
import { ENGINE_CONFIG } from "../config";
import type { CubeSeries } from "../data/cube";
import { estimateNoise, interval, type Noise, type Residual } from "./noise";

// The one decomposition of a series: value = level × weekday factor × yearly factor, the noise around it from
// noise.ts. The level is a robust local line through the known periods nearest each one on either side (the period
// itself left out), never across a change point, so it follows a trend and does not smear a step. Everything that a
// finding calls "expected", and its range, is read from a SeriesModel.

export interface SeriesModel {
  series: CubeSeries;
  /** The season each period: its weekday factor times its yearly factor (1 where neither is known). */
  season: Float64Array;
  /** The values divided by their season (NaN where unknown). */
  adjusted: Float64Array;
  /** The local level each period (of the adjusted values; left out of its own fit). */
  level: Float64Array;
  /** The variance of each period's local level over one period's noise (its line's leverage there; NaN: none). */
  leverage: Float64Array;
  /** Level × season: what the model expects each period. */
  expected: Float64Array;
  noise: Noise;
  /** Indices where a new segment begins (the change points the level does not cross). */
  breaks: readonly number[];
}

/** The seasonal factors of a series: weekday factors from its own days, times the yearly factors it is given. */
export function seasonOf(series: CubeSeries, yearly?: (date: string) => number): Float64Array {
  const n = series.dates.length;
  const season = new Float64Array(n).fill(1);
  if (series.grain === "day") {
    const weekly = weekdayFactors(series);
    for (let i = 0; i < n; i++) season[i] = weekly[dayOfWeek(series.dates[i])];
  }
  if (yearly) for (let i = 0; i < n; i++) season[i] *= yearly(series.dates[i]);
  return season;
}

/**
 * Multiplicative weekday factors (Sunday … Saturday, averaging 1): each day over the centred mean of its week, the
 * trimmed mean of those ratios per weekday, shrunk towards 1 by their standard error (a few leads a day have no
 * weekly pattern worth reading). Too few weeks: every weekday 1.
 */
export function weekdayFactors(series: Pick<CubeSeries, "dates" | "values" | "weights" | "family">): number[] {
  const ratios: number[][] = [[], [], [], [], [], [], []];
  const v = series.values;
  for (let i = 3; i + 3 < v.length; i++) {
    if (!Number.isFinite(v[i])) continue;
    let sum = 0;
    let known = 0;
    for (let k = i - 3; k <= i + 3; k++)
      if (Number.isFinite(v[k])) {
        sum += v[k];
        known++;
      }
    if (known < 6 || !(sum > 0)) continue;
    ratios[dayOfWeek(series.dates[i])].push(v[i] / (sum / known));
  }
  if (ratios.some((r) => r.length < ENGINE_CONFIG.minWeeksForWeekdays)) return [1, 1, 1, 1, 1, 1, 1];
  const raw = ratios.map((r) => trimmedMeanAndSe(r));
  const shrunk = raw.map(({ mean, se }) => {
    const d = mean - 1;
    return 1 + d * Math.max(0, 1 - (se * se) / (d * d + 1e-12));
  });
  const average = shrunk.reduce((a, b) => a + b, 0) / 7;
  return shrunk.map((f) => (average > 0 ? f / average : 1));
}

function trimmedMeanAndSe(values: number[]): { mean: number; se: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const cut = Math.floor(sorted.length * ENGINE_CONFIG.weekdayTrim);
  const kept = sorted.slice(cut, sorted.length - cut);
  const mean = kept.reduce((a, b) => a + b, 0) / kept.length;
  // Winsorised variance over the kept count (the trimmed mean's standard error, Tukey & McLaughlin 1963).
  const lo = kept[0];
  const hi = kept[kept.length - 1];
  const wins = sorted.map((x) => Math.min(hi, Math.max(lo, x)));
  const wm = wins.reduce((a, b) => a + b, 0) / wins.length;
  const wv = wins.reduce((s, x) => s + (x - wm) ** 2, 0) / Math.max(1, wins.length - 1);
  return { mean, se: Math.sqrt(wv) / ((1 - 2 * ENGINE_CONFIG.weekdayTrim) * Math.sqrt(sorted.length)) };
}

/** The segment [start, end) each index belongs to, from the break indices. */
function segmentBounds(n: number, breaks: readonly number[]): Int32Array {
  const bounds = new Int32Array(2 * n);
  const cuts = [0, ...breaks.filter((b) => b > 0 && b < n), n];
  for (let s = 0; s + 1 < cuts.length; s++)
    for (let i = cuts[s]; i < cuts[s + 1]; i++) {
      bounds[2 * i] = cuts[s];
      bounds[2 * i + 1] = cuts[s + 1];
    }
  return bounds;
}

/** A ratio's local level weighs each period by its denominator (the level of a ratio is a ratio of sums). */
const weightOf = (series: CubeSeries, i: number) => (series.weights ? series.weights[i] : 1);

/**
 * The variance of a line's value at `t` fitted through the periods `picked`, over one period's noise: 1/k in the middle
 * of its neighbours, up to about 4/k at the data's end, where the line is read at the edge of the days it was fitted
 * to.
 */
function leverageAt(picked: readonly number[], t: number): number {
  const k = picked.length;
  if (k < 4) return 1 / k;
  const mean = picked.reduce((sum, i) => sum + (i - t), 0) / k;
  const sxx = picked.reduce((sum, i) => sum + (i - t - mean) ** 2, 0);
  return 1 / k + (sxx > 0 ? (mean * mean) / sxx : 0);
}

/**
 * The local level at `t`: a robust line (one bisquare reweighting) through the `levelNeighbours` known periods of its
 * segment nearest to it, `t` itself left out, read at `t`. Fewer than 4 such periods: their weighted mean. Its
 * leverage (leverageAt) goes in `leverage[t]`.
 */
function localLevel(
  adjusted: Float64Array,
  series: CubeSeries,
  t: number,
  [lo, hi]: readonly [number, number],
  leverage: Float64Array,
): number {
  const k = ENGINE_CONFIG.levelNeighbours;
  const picked: number[] = [];
  for (let step = 1; picked.length < k && (t - step >= lo || t + step < hi); step++) {
    for (const i of [t - step, t + step])
      if (i >= lo && i < hi && Number.isFinite(adjusted[i]) && weightOf(series, i) > 0) picked.push(i);
  }
  if (picked.length === 0) return NaN;
  leverage[t] = leverageAt(picked, t);
  const base = picked.map((i) => weightOf(series, i));
  let fit = weightedLine(picked, adjusted, base, t);
  if (picked.length < 4) return fit.mean;
  const residuals = picked.map((i) => Math.abs(adjusted[i] - (fit.a + fit.b * (i - t))));
  const scale = 1.4826 * medianOf(residuals) || 1e-12;
  const c = ENGINE_CONFIG.robustScale * scale;
  const robust = picked.map((i, j) => base[j] * Math.max(0, 1 - (residuals[j] / c) ** 2) ** 2);
  fit = weightedLine(picked, adjusted, robust, t);
  return fit.a;
}

function weightedLine(idx: readonly number[], y: Float64Array, w: readonly number[], t: number) {
  let sw = 0;
  let sx = 0;
  let sy = 0;
  for (let j = 0; j < idx.length; j++) {
    sw += w[j];
    sx += w[j] * (idx[j] - t);
    sy += w[j] * y[idx[j]];
  }
  if (!(sw > 0)) return { a: NaN, b: 0, mean: NaN };
  const mx = sx / sw;
  const my = sy / sw;
  let sxx = 0;
  let sxy = 0;
  for (let j = 0; j < idx.length; j++) {
    const dx = idx[j] - t - mx;
    sxx += w[j] * dx * dx;
    sxy += w[j] * dx * (y[idx[j]] - my);
  }
  const b = sxx > 1e-12 ? sxy / sxx : 0;
  return { a: my - b * mx, b, mean: my };
}

function medianOf(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The model of a series: its season, its local level within the segments `breaks` cut, and its noise around both. */
export function fitModel(series: CubeSeries, season: Float64Array, breaks: readonly number[] = []): SeriesModel {
  const n = series.values.length;
  const adjusted = new Float64Array(n);
  for (let i = 0; i < n; i++) adjusted[i] = season[i] > 0 ? series.values[i] / season[i] : NaN;
  const bounds = segmentBounds(n, breaks);
  const level = new Float64Array(n);
  const leverage = new Float64Array(n).fill(NaN);
  const expected = new Float64Array(n);
  const residuals: Residual[] = [];
  for (let i = 0; i < n; i++) {
    level[i] = Math.max(0, localLevel(adjusted, series, i, [bounds[2 * i], bounds[2 * i + 1]], leverage));
    expected[i] = level[i] * season[i];
    const x = series.values[i];
    if (Number.isFinite(x) && Number.isFinite(expected[i]) && weightOf(series, i) > 0)
      residuals.push({ x, mu: expected[i], weight: weightOf(series, i) });
  }
  const noise = estimateNoise(series.family, residuals);
  return { series, season, adjusted, level, leverage, expected, noise, breaks };
}

/** The model's expected value at period `i` and its range at `confidence`, in the metric's own unit. */
export function expectedAt(model: SeriesModel, i: number, confidence = ENGINE_CONFIG.rangeConfidence) {
  const mu = model.expected[i];
  if (!Number.isFinite(mu)) return null;
  const { low, high } = interval(noiseAt(model, i), mu, confidence, weightOf(model.series, i));
  return { expected: mu, low, high };
}

/**
 * The noise period `i` is judged with: the series' own, or its pool's φ widened by the uncertainty of the value
 * expected there (pooled-noise.ts: its level's leverage and its weekday factor's variance, over one period's noise).
 */
export function noiseAt(model: SeriesModel, i: number): Noise {
  const pooled = model.noise.pooled;
  if (!pooled) return model.noise;
  return { ...model.noise, pooled: { ...pooled, phi: pooled.phi * pooled.inflation[i] } };
}

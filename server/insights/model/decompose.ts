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
  /** The first and last period each period's local level was fitted from (`span[2i]`, `span[2i + 1]`). */
  span: Int32Array;
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
 * Buffers one fit reuses at every period: a level is fitted at each of hundreds of periods of each of a report's
 * hundreds of series, and a few arrays per period were most of the engine's allocations.
 */
interface Scratch {
  /** The neighbours picked for the period being fitted (at most `levelNeighbours` + 1: two are tried per step). */
  picked: Int32Array;
  base: Float64Array;
  robust: Float64Array;
  residuals: Float64Array;
  sorted: Float64Array;
  /** The last weighted line: its value at `t`, its slope and the weighted mean of its values. */
  line: { a: number; b: number; mean: number };
}

function scratch(): Scratch {
  const size = ENGINE_CONFIG.levelNeighbours + 1;
  return {
    picked: new Int32Array(size),
    base: new Float64Array(size),
    robust: new Float64Array(size),
    residuals: new Float64Array(size),
    sorted: new Float64Array(size),
    line: { a: NaN, b: 0, mean: NaN },
  };
}

/**
 * The variance of a line's value at `t` fitted through the `k` periods picked, over one period's noise: 1/k in the
 * middle of its neighbours, up to about 4/k at the data's end, where the line is read at the edge of the days it was
 * fitted to.
 */
function leverageAt(picked: Int32Array, k: number, t: number): number {
  if (k < 4) return 1 / k;
  let sum = 0;
  for (let j = 0; j < k; j++) sum += picked[j] - t;
  const mean = sum / k;
  let sxx = 0;
  for (let j = 0; j < k; j++) sxx += (picked[j] - t - mean) ** 2;
  return 1 / k + (sxx > 0 ? (mean * mean) / sxx : 0);
}

/**
 * The local level at `t`: a robust line (one bisquare reweighting) through the `levelNeighbours` known periods of its
 * segment nearest to it, `t` itself left out, read at `t`. Fewer than 4 such periods: their weighted mean. Its
 * leverage (leverageAt) goes in `leverage[t]`, the first and last period it was fitted from in `span[2t]` and
 * `span[2t + 1]`.
 */
function localLevel(
  adjusted: Float64Array,
  series: CubeSeries,
  t: number,
  lo: number,
  hi: number,
  out: { leverage: Float64Array; span: Int32Array },
  s: Scratch,
): number {
  const k = ENGINE_CONFIG.levelNeighbours;
  const picked = s.picked;
  const usable = (i: number) => i >= lo && i < hi && Number.isFinite(adjusted[i]) && weightOf(series, i) > 0;
  let count = 0;
  let first = t;
  let last = t;
  for (let step = 1; count < k && (t - step >= lo || t + step < hi); step++) {
    if (usable(t - step)) {
      picked[count++] = t - step;
      first = t - step;
    }
    if (usable(t + step)) {
      picked[count++] = t + step;
      last = t + step;
    }
  }
  out.span[2 * t] = first;
  out.span[2 * t + 1] = last;
  if (count === 0) return NaN;
  out.leverage[t] = leverageAt(picked, count, t);
  for (let j = 0; j < count; j++) s.base[j] = weightOf(series, picked[j]);
  const fit = weightedLine(picked, count, adjusted, s.base, t, s.line);
  if (count < 4) return fit.mean;
  for (let j = 0; j < count; j++) s.residuals[j] = Math.abs(adjusted[picked[j]] - (fit.a + fit.b * (picked[j] - t)));
  const scale = 1.4826 * medianOf(s.residuals, count, s.sorted) || 1e-12;
  const c = ENGINE_CONFIG.robustScale * scale;
  for (let j = 0; j < count; j++) s.robust[j] = s.base[j] * Math.max(0, 1 - (s.residuals[j] / c) ** 2) ** 2;
  return weightedLine(picked, count, adjusted, s.robust, t, s.line).a;
}

/** The weighted least-squares line through the first `k` periods of `idx`, centred on `t`, written into `line`. */
function weightedLine(idx: Int32Array, k: number, y: Float64Array, w: Float64Array, t: number, line: Scratch["line"]) {
  let sw = 0;
  let sx = 0;
  let sy = 0;
  for (let j = 0; j < k; j++) {
    sw += w[j];
    sx += w[j] * (idx[j] - t);
    sy += w[j] * y[idx[j]];
  }
  if (!(sw > 0)) {
    line.a = NaN;
    line.b = 0;
    line.mean = NaN;
    return line;
  }
  const mx = sx / sw;
  const my = sy / sw;
  let sxx = 0;
  let sxy = 0;
  for (let j = 0; j < k; j++) {
    const dx = idx[j] - t - mx;
    sxx += w[j] * dx * dx;
    sxy += w[j] * dx * (y[idx[j]] - my);
  }
  const b = sxx > 1e-12 ? sxy / sxx : 0;
  line.a = my - b * mx;
  line.b = b;
  line.mean = my;
  return line;
}

/** The median of the first `k` values, sorted in `buffer` (the values are left as they are). */
function medianOf(values: Float64Array, k: number, buffer: Float64Array): number {
  const sorted = buffer.subarray(0, k);
  sorted.set(values.subarray(0, k));
  sorted.sort();
  const m = k >> 1;
  return k % 2 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
}

/**
 * The model of a series: its season, its local level within the segments `breaks` cut, and its noise around both.
 * `unbroken`, the same series' model without breaks, lends its level to every period whose neighbours lie inside the
 * period's segment (a cut far from it changes nothing there): the same numbers, without fitting them again.
 */
export function fitModel(
  series: CubeSeries,
  season: Float64Array,
  breaks: readonly number[] = [],
  unbroken?: SeriesModel,
): SeriesModel {
  const n = series.values.length;
  const adjusted = new Float64Array(n);
  for (let i = 0; i < n; i++) adjusted[i] = season[i] > 0 ? series.values[i] / season[i] : NaN;
  const bounds = segmentBounds(n, breaks);
  const level = new Float64Array(n);
  const leverage = new Float64Array(n).fill(NaN);
  const span = new Int32Array(2 * n);
  const expected = new Float64Array(n);
  const residuals: Residual[] = [];
  const lend =
    unbroken && unbroken.breaks.length === 0 && unbroken.series === series && unbroken.season === season
      ? unbroken
      : null;
  const buffers = scratch();
  const out = { leverage, span };
  for (let i = 0; i < n; i++) {
    const lo = bounds[2 * i];
    const hi = bounds[2 * i + 1];
    if (lend && lend.span[2 * i] >= lo && lend.span[2 * i + 1] < hi) {
      level[i] = lend.level[i];
      leverage[i] = lend.leverage[i];
      span[2 * i] = lend.span[2 * i];
      span[2 * i + 1] = lend.span[2 * i + 1];
    } else level[i] = Math.max(0, localLevel(adjusted, series, i, lo, hi, out, buffers));
    expected[i] = level[i] * season[i];
    const x = series.values[i];
    if (Number.isFinite(x) && Number.isFinite(expected[i]) && weightOf(series, i) > 0)
      residuals.push({ x, mu: expected[i], weight: weightOf(series, i) });
  }
  const noise = estimateNoise(series.family, residuals);
  return { series, season, adjusted, level, leverage, span, expected, noise, breaks };
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

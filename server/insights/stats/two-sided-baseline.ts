import { dayNumber } from "@/lib/dates";
import type { DailyPoint } from "../types";
import { WINSORIZED_EFFICIENCY, insertionSortInPlace, medianInPlace, robustSigmaInPlace } from "./descriptive";
import { LevelFit, type LineAtZero } from "./level-fit";
import { MIN_EXPECTED_COUNT } from "./count-tail";
import { studentTQuantile } from "./distributions";
import { prefixSums, trimCount, trimmedMeanLeavingOut, trimmedMeanVarianceFactor } from "./trimmed-mean";
import { readDenseSeries } from "./dense-series";
import type { SeriesNoise } from "./moderated-variance";
import type { BaselinePoint } from "./seasonal-baseline";

// The expected value of a day that lies INSIDE the data (a judged day of the report period, with
// days after it already known), for the segments' one-day test. The one-step-ahead forecast of
// seasonal-baseline.ts predicts each day from the days before it only: right for a forecast, but
// a judged day of the period also has days after it, and a forecast's error is larger than the
// noise it is judged against (a line extrapolated to day t, weekday factors from a few weeks):
// its σ came out 10–20 % above the series' noise σ, so a 3 SD day scored about 2.6.
//
// Here each day is fitted from both sides, leaving the day itself out:
//   expected(t) = level(t) × weekday(t)   (or + in the additive mode)
//   - weekday factors: the 20 % trimmed mean of the ratios of each day to its centred 7-day mean over
//     the whole series (every week of the window, not only the weeks before t), the day's own ratio
//     left out (trimmed-mean.ts: a median's error was large enough to make a page's weekday unusual);
//   - level: a robust local line through the 28 nearest known days on either side (a one-step
//     M-estimate, as seasonal-baseline.ts), read at t. Centred, it is unbiased under a linear
//     trend and its variance is about σ²/28; at the window's edges it extrapolates like the
//     forecast did, and the interval says so (the variance is computed for each day).
//   - a break between the two sides (a level shift just before or after t, which a line through
//     both sides would split the difference of) is checked with the medians of each side; then
//     the side closer to the day's value is used (conservative: the day can only look less
//     unusual).
// The noise scale comes from the leave-one-out errors of every other day of the series (≈ 85 for
// a segment: the 56 days before the period and the period), each divided by its own √(1 + v)
// (v: the variance of its fitted level and factor relative to the noise) and, in the
// multiplicative mode, by √expected (quasi-Poisson, as seasonal-baseline.ts). The day's σ is that
// scale × √expected × √(1 + v(t)); the Student-t multiplier gets 0.9·k·0.6 degrees of freedom
// (the winsorised σ's efficiency, times T_DF_SHARE: neighbouring errors share most of their level).

export interface TwoSidedOptions {
  /** First judged day (YYYY-MM-DD). Days before it are used as data and for the noise scale. */
  from: string;
  to: string;
  confidence?: number;
  /** Nearest known days in each day's level fit (28). */
  levelDays?: number;
  /** Fewest leave-one-out errors needed for an interval (21). */
  minResiduals?: number;
  /**
   * First days of a new level (the series' level shifts, change-points.ts, or the site total's): a day's level is
   * fitted from its own level's days when they are a week or more (a flat level under the 14 a line needs). Across a
   * shift a line through both sides splits the difference: a normal day 8 days before a campaign's cost rose 45 % was
   * judged against a level 13 % too high and reported as an unusually low cost.
   */
  breaks?: readonly string[];
  /**
   * Also each judged day's `dispersion`, every other day's squared error over its expected value (a count's variance
   * over its mean), and `fitVariance`, for judging a series of a few events a day as counts (detectors/count-days.ts).
   */
  countDispersion?: boolean;
}

export interface TwoSidedResult {
  points: BaselinePoint[];
  seasonality: "additive" | "multiplicative";
  /**
   * The series' noise scale squared over all its errors, its degrees of freedom and the mean expected value (its
   * size): what moderated-variance.ts pools across a report's segments. Null in the additive mode (small series,
   * scales in their own units) and when no day had an interval.
   */
  noise: SeriesNoise | null;
}

const MIN_WEEKS = 3;
/**
 * Days of its own level (between breaks) a day's level is fitted from, at the least: a week, each weekday once. A step
 * in the last two weeks of the data left fewer than the 14 a fit needs elsewhere, and the day's level was read from a
 * line through both levels: a normal day a week after a 35 % rise of cost was judged 30 % above its expectation. The
 * fit's variance (v) carries the fewer days into the interval.
 */
const OWN_LEVEL_MIN_DAYS = 7;
/** The winsorised σ's clipping point (pilot MAD-σ units) and Gaussian consistency factor, as descriptive.ts. */
const WINSOR_C = 2.5;
const WINSOR_CONSISTENCY = 0.97756;
/** A break between the two sides is this many standard errors of their medians' difference. */
const BREAK_Z = 4;
/**
 * The share of the k leave-one-out errors that count as independent for the t's degrees of freedom.
 * Calibrated on noise (1.08 million judged days of the synthetic generator's segments, sessions):
 * with 0.6 the t's tail matches the scores' (two-sided P(|z| > 3, 4, 4.5) = 4.35e-3, 2.28e-4,
 * 4.62e-5 against 4.29e-3, 2.21e-4, 3.61e-5 observed), while 0.5 overstated every p-value near the
 * report-wide bar by a quarter (2.80e-4 at z = 4) and cost one-day events their significance.
 */
const T_DF_SHARE = 0.6;

export function twoSidedBaseline(series: readonly DailyPoint[], options: TwoSidedOptions): TwoSidedResult {
  const confidence = options.confidence ?? 0.95;
  const levelDays = options.levelDays ?? 28;
  const minResiduals = options.minResiduals ?? 21;
  if (series.length === 0) return { points: [], seasonality: "additive", noise: null };
  const { n, day0, fromIdx, toIdx, y, nonNegative } = readDenseSeries(series, options, "twoSidedBaseline");
  const known = new Float64Array(n);
  let nKnown = 0;
  for (let i = 0; i < n; i++) if (!Number.isNaN(y[i])) known[nKnown++] = y[i];
  const mult = nonNegative && nKnown > 0 && medianInPlace(known, nKnown) >= 10;
  const weekdays = new Uint8Array(n);
  for (let i = 0; i < n; i++) weekdays[i] = (((day0 + i + 4) % 7) + 7) % 7;
  // Ratios (differences) of each day to its centred 7-day mean, by weekday.
  const ratio = new Float64Array(n).fill(NaN);
  const byWeekday: number[][] = [[], [], [], [], [], [], []];
  for (let s = 3; s < n - 3; s++) {
    let total = 0;
    let ok = true;
    for (let j = s - 3; j <= s + 3 && ok; j++) {
      if (Number.isNaN(y[j])) ok = false;
      else total += y[j];
    }
    const ma = total / 7;
    if (!ok || (mult && !(ma > 0))) continue;
    ratio[s] = mult ? y[s] / ma : y[s] - ma;
    byWeekday[weekdays[s]].push(s);
  }
  for (const days of byWeekday)
    if (days.length < MIN_WEEKS)
      return {
        points: emptyPoints(series, fromIdx, toIdx),
        seasonality: mult ? "multiplicative" : "additive",
        noise: null,
      };
  const factors = new LeaveOneOutFactors(ratio, byWeekday, weekdays, mult);
  const fit = new LevelFit(y, weekdays, mult, levelDays);
  const { xs, zs, need } = fit;

  const expected = new Float64Array(n).fill(NaN);
  const relVar = new Float64Array(n).fill(NaN);
  const sideA = new Float64Array(2 * levelDays);
  const sideB = new Float64Array(2 * levelDays);
  const distances = new Float64Array(2 * levelDays);
  const breakIdx = breakIndices(options.breaks, day0, n);
  for (let t = 0; t < n; t++) {
    const f = factors.at(t);
    fit.lo = 0;
    fit.hi = n;
    for (const b of breakIdx) {
      if (b <= t) fit.lo = b;
      else {
        fit.hi = b;
        break;
      }
    }
    let gathered = fit.gather(t, f, "both");
    if (gathered < OWN_LEVEL_MIN_DAYS && (fit.lo > 0 || fit.hi < n)) {
      // Too few days at its own level: the whole series, with the check for a break below.
      fit.lo = 0;
      fit.hi = n;
      gathered = fit.gather(t, f, "both");
    }
    if (gathered < (fit.lo > 0 || fit.hi < n ? OWN_LEVEL_MIN_DAYS : need)) continue;
    // A break between the sides: the medians of the known days just before and just after t (or,
    // mostly one-sided, of the nearer and farther halves), read before the fit winsorises zs.
    let nBefore = 0;
    while (nBefore < gathered && xs[nBefore] < 0) nBefore++; // xs is sorted (gather)
    const nAfter = gathered - nBefore;
    const twoSided = nBefore >= 7 && nAfter >= 7;
    let nNear = 0;
    let nFar = 0;
    const half = gathered >> 1;
    // The sides' medians are the line's halves' (lineAtZero) when the days before t are its left half.
    const sidesAreHalves = half === nBefore;
    if (twoSided && !sidesAreHalves) {
      for (let j = 0; j < nBefore; j++) sideA[j] = zs[j];
      for (let j = nBefore; j < gathered; j++) sideB[j - nBefore] = zs[j];
    }
    if (!twoSided && half >= 7) {
      for (let j = 0; j < gathered; j++) distances[j] = Math.abs(xs[j]);
      const cutoff = kthSmallest(distances, gathered, half);
      for (let j = 0; j < gathered; j++) {
        if (Math.abs(xs[j]) <= cutoff && nNear < half) sideA[nNear++] = zs[j];
        else sideB[nFar++] = zs[j];
      }
    }
    let best = fit.lineAtZero(gathered);
    if (best.sigma > 0 && !Number.isNaN(y[t])) {
      if (twoSided) {
        const se = best.sigma * Math.sqrt(1.57 * (1 / nBefore + 1 / nAfter));
        const before = sidesAreHalves ? fit.halfMedianA : medianInPlace(sideA, nBefore);
        const after = sidesAreHalves ? fit.halfMedianB : medianInPlace(sideB, nAfter);
        if (Math.abs(before - after) > BREAK_Z * se) {
          // The side nearer the day's value (conservative: the day can only look less unusual).
          const left = fit.fitSide(t, f, "left");
          const right = fit.fitSide(t, f, "right");
          const factor = f[weekdays[t]];
          const chosen = offBy(left, factor, y[t], mult) <= offBy(right, factor, y[t], mult) ? left : right;
          if (chosen) best = chosen;
        }
      } else if (nNear >= 7 && nFar >= 7) {
        // Mostly one-sided (near the series' ends): a break between the nearer and farther halves
        // would tilt the extrapolated line; then only the nearer half is used.
        const se = best.sigma * Math.sqrt(1.57 * (1 / nNear + 1 / nFar));
        if (Math.abs(medianInPlace(sideA, nNear) - medianInPlace(sideB, nFar)) > BREAK_Z * se) {
          const nearest = fit.gather(t, f, "both", half);
          if (nearest >= 7) best = fit.lineAtZero(nearest);
        }
      }
    }
    const level = mult ? Math.max(0, best.value) : best.value;
    expected[t] = mult ? level * f[weekdays[t]] : level + f[weekdays[t]];
    relVar[t] = best.v + factors.variances[weekdays[t]];
  }

  // Leave-one-out errors, on the noise's scale.
  const scaled = new Float64Array(n).fill(NaN);
  for (let s = 0; s < n; s++) {
    if (Number.isNaN(y[s]) || Number.isNaN(expected[s])) continue;
    const unit = (mult ? Math.sqrt(Math.max(expected[s], 1e-9)) : 1) * Math.sqrt(1 + relVar[s]);
    if (mult && !(expected[s] > 0)) continue;
    scaled[s] = (y[s] - expected[s]) / unit;
  }
  // The winsorised σ (descriptive.ts) of every other day's error: centre and clipping point from
  // all errors (one day barely moves a median), then each day's own clipped square taken out.
  const scratch = new Float64Array(Math.max(n, 8));
  let kAll = 0;
  for (let s = 0; s < n; s++) if (!Number.isNaN(scaled[s])) scratch[kAll++] = scaled[s];
  const centre = medianInPlace(scratch.slice(0, kAll), kAll);
  const limit = WINSOR_C * robustSigmaInPlace(scratch, kAll);
  let squares = 0;
  for (let s = 0; s < n; s++) if (!Number.isNaN(scaled[s])) squares += clippedSquare(scaled[s], centre, limit);
  let levelSum = 0;
  for (let s = 0; s < n; s++) if (!Number.isNaN(scaled[s])) levelSum += expected[s];
  const noise: SeriesNoise | null =
    // Pooled only in the multiplicative mode, where every series' scale is in the same (relative) unit.
    mult && kAll >= minResiduals + 1
      ? {
          s2: squares / (kAll - 1) / WINSOR_CONSISTENCY,
          d: Math.max(1, WINSORIZED_EFFICIENCY * kAll * T_DF_SHARE),
          level: levelSum / kAll,
        }
      : null;
  const pearson = options.countDispersion ? pearsonSquares(y, expected, relVar) : null;
  let pearsonSum = 0;
  let pearsonKnown = 0;
  if (pearson)
    for (const square of pearson)
      if (!Number.isNaN(square)) {
        pearsonSum += square;
        pearsonKnown++;
      }
  const upper = 1 - (1 - confidence) / 2;
  const quantiles = new Map<number, number>();
  const points: BaselinePoint[] = [];
  for (let t = fromIdx; t <= toIdx; t++) {
    const actual = Number.isNaN(y[t]) ? null : y[t];
    const own = Number.isNaN(scaled[t]) ? 0 : 1;
    const k = kAll - own;
    const e = expected[t];
    if (Number.isNaN(e) || k < minResiduals) {
      points.push({
        date: series[t].date,
        actual,
        expected: Number.isNaN(e) ? null : e,
        low: null,
        high: null,
        sigma: null,
        df: null,
      });
      continue;
    }
    const scale = Math.sqrt(
      (squares - (own ? clippedSquare(scaled[t], centre, limit) : 0)) / (k - 1) / WINSOR_CONSISTENCY,
    );
    const spread = scale * (mult ? Math.sqrt(Math.max(0, e)) : 1) * Math.sqrt(1 + relVar[t]);
    const sigma = Math.max(spread, 1e-9 * Math.max(1, Math.abs(e)));
    const df = Math.max(1, WINSORIZED_EFFICIENCY * k * T_DF_SHARE);
    let q = quantiles.get(k);
    if (q === undefined) {
      q = studentTQuantile(upper, df);
      quantiles.set(k, q);
    }
    const low = e - q * sigma;
    points.push({
      date: series[t].date,
      actual,
      expected: e,
      low: nonNegative ? Math.max(0, low) : low,
      high: e + q * sigma,
      sigma,
      df,
      scale,
      ...(pearson
        ? { dispersion: dispersionWithout(pearson, t, pearsonSum, pearsonKnown), fitVariance: relVar[t] }
        : {}),
    });
  }
  return { points, seasonality: mult ? "multiplicative" : "additive", noise };
}

/**
 * A count's squared error over its expected value, each day (NaN where unknown): its mean is the series' variance
 * over its mean (1 for a Poisson count). Each square is capped at PEARSON_CAP, so one spam day of 44 leads where 9
 * were expected (a square of 136) does not make every other day of the series look ordinary.
 */
function pearsonSquares(y: Float64Array, expected: Float64Array, relVar: Float64Array): Float64Array {
  const out = new Float64Array(y.length).fill(NaN);
  for (let s = 0; s < y.length; s++) {
    if (Number.isNaN(y[s]) || Number.isNaN(expected[s])) continue;
    const e = Math.max(expected[s], MIN_EXPECTED_COUNT);
    out[s] = Math.min(PEARSON_CAP, (y[s] - e) ** 2 / (e * (1 + relVar[s])));
  }
  return out;
}
/** Six Poisson standard deviations, squared: a cap ordinary days of a count reach about once in a hundred thousand. */
const PEARSON_CAP = 36;

/**
 * Each weekday's factor for a day, that day's own ratio left out of its weekday's trimmed mean (trimmed-mean.ts).
 * Each weekday's ratios are sorted once, with each day's place among them and their prefix sums: the trimmed mean with
 * one day's ratio left out is then read, not sorted again for every day. A class for the reason LevelFit is one.
 */
class LeaveOneOutFactors {
  /**
   * The variance of each weekday's factor relative to the noise: a trimmed mean of ~n_d ratios (its variance over a
   * plain mean's at the normal), each with the day's noise plus a seventh of it from the 7-day mean.
   */
  readonly variances = new Float64Array(7);
  private readonly sorted: Float64Array[] = [];
  private readonly sums: Float64Array[] = [];
  private readonly place: Int32Array;
  private readonly allRaw = new Float64Array(7);
  private readonly buffer = new Float64Array(7);

  constructor(
    private readonly ratio: Float64Array,
    byWeekday: readonly (readonly number[])[],
    private readonly weekdays: Uint8Array,
    private readonly mult: boolean,
  ) {
    for (const days of byWeekday) {
      const values = new Float64Array(days.length);
      for (let i = 0; i < days.length; i++) values[i] = ratio[days[i]];
      values.sort();
      this.sorted.push(values);
      this.sums.push(prefixSums(values));
    }
    this.place = new Int32Array(ratio.length).fill(-1);
    for (const days of byWeekday) for (const s of days) this.place[s] = lowerBound(this.sorted[weekdays[s]], ratio[s]);
    for (let d = 0; d < 7; d++) {
      this.allRaw[d] = this.raw(d, -1);
      const k = Math.max(1, byWeekday[d].length - 1);
      this.variances[d] = (trimmedMeanVarianceFactor(trimCount(k) / k) * (1 + 1 / 7)) / k;
    }
  }

  /** Weekday d's raw factor, leaving day `skip`'s own ratio out (-1: none left out). */
  private raw(d: number, skip: number): number {
    const sorted = this.sorted[d];
    const place = this.place;
    const left = skip >= 0 && place[skip] >= 0 && this.weekdays[skip] === d ? place[skip] : sorted.length;
    return trimmedMeanLeavingOut(sorted, this.sums[d], left);
  }

  /** Normalised factors for day t (its own ratio left out of its weekday's trimmed mean), in a shared buffer. */
  at(t: number): Float64Array {
    const { allRaw, buffer, mult } = this;
    const own = this.weekdays[t];
    const ownRaw = Number.isNaN(this.ratio[t]) ? allRaw[own] : this.raw(own, t);
    let avg = 0;
    for (let d = 0; d < 7; d++) avg += (d === own ? ownRaw : allRaw[d]) / 7;
    for (let d = 0; d < 7; d++) {
      const r = d === own ? ownRaw : allRaw[d];
      buffer[d] = mult ? r / avg : r - avg;
    }
    return buffer;
  }
}

/** The series' days (indices from day0) where a new level starts, inside it, in order. */
function breakIndices(breaks: readonly string[] | undefined, day0: number, n: number): number[] {
  const out: number[] = [];
  for (const date of breaks ?? []) {
    const i = dayNumber(date) - day0;
    if (i > 0 && i < n) out.push(i);
  }
  return out.sort((a, b) => a - b);
}

/** How far a side's fitted day is from the day's value (Infinity without a fit). */
function offBy(fit: LineAtZero | null, factor: number, value: number, mult: boolean): number {
  return fit === null ? Infinity : Math.abs((mult ? fit.value * factor : fit.value + factor) - value);
}

/** An error's square, clipped at `limit` around `centre` (the winsorised σ's). */
function clippedSquare(u: number, centre: number, limit: number): number {
  return Math.max(-limit, Math.min(limit, u - centre)) ** 2;
}

/** The mean of every other day's square: the series' dispersion with day t's own error left out. */
function dispersionWithout(pearson: Float64Array, t: number, sum: number, known: number): number | null {
  const own = Number.isNaN(pearson[t]) ? 0 : 1;
  return known - own > 0 ? (sum - (own ? pearson[t] : 0)) / (known - own) : null;
}

/** The first index of sorted `values` whose value is not below `value`. */
function lowerBound(values: Float64Array, value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The k-th smallest (1-based) of the first n entries (sorts them in place). */
function kthSmallest(buffer: Float64Array, n: number, k: number): number {
  // Insertion sort for a level window: no subarray view and sort call per day (distances are never NaN).
  if (n > 64) buffer.subarray(0, n).sort();
  else insertionSortInPlace(buffer, n);
  return buffer[k - 1];
}

function emptyPoints(series: readonly DailyPoint[], from: number, to: number): BaselinePoint[] {
  const out: BaselinePoint[] = [];
  for (let t = from; t <= to; t++) {
    const v = series[t].value;
    out.push({
      date: series[t].date,
      actual: v === null || !Number.isFinite(v) ? null : v,
      expected: null,
      low: null,
      high: null,
      sigma: null,
      df: null,
    });
  }
  return out;
}

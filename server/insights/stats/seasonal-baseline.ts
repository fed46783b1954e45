import type { DailyPoint } from "../types";
import { WINSORIZED_EFFICIENCY, medianInPlace, robustSigmaInPlace, winsorizedSigmaInPlace } from "./descriptive";
import { readDenseSeries } from "./dense-series";
import { centredSums, splitHalves } from "./level-fit";
import { studentTQuantile } from "./distributions";

// The expected value of a daily metric and its prediction interval, for the anomaly detector and
// the charts' expected range.
//
// Model choice. We use a robust, STL-like decomposition evaluated one step ahead rather than
// Holt-Winters: expected(t) = level(t) × weekday(t) [× yearly(t)], with
//   - weekday factors: the median, over up to 26 past weeks, of each day's ratio to its centred
//     7-day mean (classical decomposition, made robust by the median);
//   - level: the median of the last 28 deseasonalised days;
//   - yearly (when 13+ months of history exist): "same week last year" — how last year's
//     deseasonalised level moved from the equivalent trailing window to the same week, applied
//     as a ratio to today's level (this is what carries Black Friday or the summer dip forward).
// Holt-Winters' exponential smoothing is pulled by every outlier unless outliers are detected and
// clipped inside the filter, which needs a scale estimate that itself depends on the filter; the
// medians above are simply unaffected by a gap or a bot spike in the window (breakdown 50%),
// which matters more for marketing data than the small efficiency HW gains on clean data.
//
// Seasonality is multiplicative by default (a weekend dip scales with traffic), additive when the
// series can be zero or negative around its typical level, where ratios are meaningless.
//
// Prediction interval. Every day is predicted from data strictly before it, and the spread comes
// from those same one-step-ahead errors over the previous 91 days: a winsorised σ (deviations
// clipped at 2.5 MAD-σ, descriptive.ts), as robust to one bad day as the MAD but about as precise
// as a standard deviation from 90 % of the points (the MAD: from 37 %). Because the errors are
// out-of-sample they already include the noise of the estimated level and factors, so the
// interval is calibrated rather than optimistic. The multiplier is a Student-t quantile whose
// degrees of freedom reflect how precisely σ is known (≈ 0.9·n, halved below), which widens the
// interval when little history exists. The yearly component is only used when it lowers
// that backtest error: with a flat year it would only add noise.

export type SeasonalityMode = "additive" | "multiplicative";
/**
 * level: trailing median only (too little history for a line); trend: robust local line; yearly: same week last
 * year.
 */
export type BaselineVariant = "level" | "trend" | "yearly";

export interface BaselineOptions {
  /** First target day (YYYY-MM-DD); each target day is predicted from the days before it. */
  from: string;
  /** Last target day, inclusive. */
  to: string;
  /** Two-sided confidence of the prediction interval; 0.95 by default. */
  confidence?: number;
  seasonality?: SeasonalityMode | "auto";
  yearly?: "auto" | "off";
  /** Days in the trailing level median (28). */
  levelWindow?: number;
  /** Weeks of weekday ratios in each weekday factor's median (26). */
  seasonWeeks?: number;
  /** Days of one-step errors behind each day's σ (91). */
  residualWindow?: number;
  /** Fewest errors needed before an interval is given (21). */
  minResiduals?: number;
}

export interface BaselinePoint {
  date: string;
  actual: number | null;
  /** null when too little history precedes the day to predict it. */
  expected: number | null;
  low: number | null;
  high: number | null;
  /** Robust σ of recent one-step errors (the interval's scale). */
  sigma: number | null;
  /** Degrees of freedom of the interval's Student-t multiplier (for the day's p-value). */
  df?: number | null;
  /** The noise scale σ was computed from (two-sided baseline: σ = scale × the day's own factor), for moderation. */
  scale?: number | null;
  /** A count's variance over its mean, from every other day's error (two-sided baseline, `countDispersion`). */
  dispersion?: number | null;
  /** The variance of the day's expected value relative to the noise's (two-sided baseline, `countDispersion`). */
  fitVariance?: number | null;
}

export interface BaselineResult {
  points: BaselinePoint[];
  seasonality: SeasonalityMode;
  /** The level model most days used (each day picks the variant with the lowest recent one-step error). */
  variant: BaselineVariant;
  confidence: number;
}

const SELECTION_BLOCK = 28;
const YEARLY_MARGIN = 0.9;
const YEAR = 364; // 52 weeks: the same weekday last year
const MIN_WEEKS = 3;

export function seasonalBaseline(series: readonly DailyPoint[], options: BaselineOptions): BaselineResult {
  const confidence = options.confidence ?? 0.95;
  const levelWindow = options.levelWindow ?? 28;
  const seasonWeeks = options.seasonWeeks ?? 26;
  const residualWindow = options.residualWindow ?? 91;
  const minResiduals = options.minResiduals ?? 21;
  if (series.length === 0) return { points: [], seasonality: "additive", variant: "level", confidence };
  const { n, day0, fromIdx, toIdx, y, nonNegative } = readDenseSeries(series, options, "seasonalBaseline");
  const mode = options.seasonality && options.seasonality !== "auto" ? options.seasonality : chooseMode(y, nonNegative);
  const mult = mode === "multiplicative";
  const weekdays = Uint8Array.from({ length: n }, (_, i) => (((day0 + i + 4) % 7) + 7) % 7);
  const weekday = (i: number) => weekdays[i];

  // Each day's ratio (or difference) to its centred 7-day mean: the raw material of the factors.
  const ratioByDay: number[][] = [[], [], [], [], [], [], []]; // indices with a valid ratio
  const ratio = new Float64Array(n).fill(NaN);
  for (let s = 3; s < n - 3; s++) {
    let total = 0;
    let ok = true;
    for (let j = s - 3; j <= s + 3; j++) {
      if (Number.isNaN(y[j])) {
        ok = false;
        break;
      }
      total += y[j];
    }
    if (!ok) continue;
    const ma = total / 7;
    if (mult && !(ma > 0)) continue;
    ratio[s] = mult ? y[s] / ma : y[s] - ma;
    ratioByDay[weekday(s)].push(s);
  }

  const scratch = new Float64Array(Math.max(levelWindow, seasonWeeks, residualWindow, 8));
  const available = [0, 0, 0, 0, 0, 0, 0];
  const rawFactor = [NaN, NaN, NaN, NaN, NaN, NaN, NaN];
  const computedAt = [-1, -1, -1, -1, -1, -1, -1];
  const factor = new Float64Array(7);

  /** Weekday factors using only ratios whose 7-day window ended before day t; false if not ready. */
  const updateFactors = (t: number): boolean => {
    for (let d = 0; d < 7; d++) {
      const list = ratioByDay[d];
      while (available[d] < list.length && list[available[d]] <= t - 4) available[d]++;
      if (available[d] < MIN_WEEKS) return false;
      if (computedAt[d] !== available[d]) {
        const start = Math.max(0, available[d] - seasonWeeks);
        let k = 0;
        for (let j = start; j < available[d]; j++) scratch[k++] = ratio[list[j]];
        rawFactor[d] = medianInPlace(scratch, k);
        computedAt[d] = available[d];
      }
    }
    let avg = 0;
    for (let d = 0; d < 7; d++) avg += rawFactor[d] / 7;
    for (let d = 0; d < 7; d++) factor[d] = mult ? (avg > 0 ? rawFactor[d] / avg : NaN) : rawFactor[d] - avg;
    return mult ? avg > 0 : true;
  };

  const deseasonalised = (s: number) => (mult ? y[s] / factor[weekdays[s]] : y[s] - factor[weekdays[s]]);
  /** Median of deseasonalised values over [a, b]; NaN when fewer than `need` days are known. */
  const windowMedian = (a: number, b: number, need: number): number => {
    let k = 0;
    for (let s = Math.max(0, a); s <= b; s++) if (!Number.isNaN(y[s])) scratch[k++] = deseasonalised(s);
    return k >= need ? medianInPlace(scratch, k) : NaN;
  };

  const xs = new Float64Array(levelWindow);
  const zs = new Float64Array(levelWindow);
  const halfA = new Float64Array(levelWindow);
  const halfB = new Float64Array(levelWindow);
  /**
   * Robust local-linear level at day t from the trailing window. A robust start — slope from the
   * medians of the window's two halves, intercept from the median of the detrended values — then
   * values winsorised at ±2σ around that line and a least-squares refit (a one-step M-estimate):
   * nearly as precise as least squares on clean data, yet a gap or spike at the window's edge,
   * where least squares has the most leverage, cannot tilt the line.
   */
  const localLinearLevel = (t: number): number => {
    let k = 0;
    for (let s = Math.max(0, t - levelWindow); s < t; s++) {
      if (Number.isNaN(y[s])) continue;
      xs[k] = s - t;
      zs[k++] = deseasonalised(s);
    }
    if (k < half) return NaN;
    const mid = k >> 1;
    const { xa, xb } = splitHalves(xs, zs, k, halfA, halfB);
    const slope = (medianInPlace(halfB, k - mid) - medianInPlace(halfA, mid)) / (xb - xa);
    for (let j = 0; j < k; j++) scratch[j] = zs[j] - slope * xs[j];
    const intercept = medianInPlace(scratch, k);
    for (let j = 0; j < k; j++) scratch[j] = zs[j] - (intercept + slope * xs[j]);
    const s = robustSigmaInPlace(scratch, k);
    let lowest = Infinity;
    let highest = -Infinity;
    for (let j = 0; j < k; j++) {
      lowest = Math.min(lowest, zs[j]);
      highest = Math.max(highest, zs[j]);
      const f = intercept + slope * xs[j];
      zs[j] = clamp(zs[j], f - 2 * s, f + 2 * s);
    }
    // The refitted line's value at x = 0, i.e. day t, within what the window's own days were: a line steepened by
    // a fall from a week of spikes (a player's page views after the playoffs) ran to 0 in a month where every day
    // was about 4,000 to 9,000, and each day was "above the expected range of 0 to 0".
    return clamp(lineFit(xs, zs, k).a, lowest, highest);
  };

  const start = Math.max(0, fromIdx - residualWindow);
  const span = Math.max(toIdx - start + 1, 0);
  const plain = new Float64Array(span).fill(NaN);
  const trended = new Float64Array(span).fill(NaN);
  const withYear = new Float64Array(span).fill(NaN);
  const wantYearly = options.yearly !== "off";
  const half = Math.ceil(levelWindow / 2);
  for (let t = start; t <= toIdx; t++) {
    if (!updateFactors(t)) continue;
    const level = windowMedian(t - levelWindow, t - 1, half);
    if (Number.isNaN(level)) continue;
    const f = factor[weekday(t)];
    const i = t - start;
    plain[i] = mult ? level * f : level + f;
    // Local trend: a trailing median lags a trending series by half a window, so the trend variant
    // extrapolates a robust straight line through the same window to day t instead.
    const lifted = localLinearLevel(t);
    if (!Number.isNaN(lifted)) trended[i] = mult ? Math.max(0, lifted) * f : lifted + f;
    if (wantYearly && t - YEAR - levelWindow >= 0) {
      const sameWeek = windowMedian(t - YEAR - 3, t - YEAR + 3, 4);
      const trailing = windowMedian(t - YEAR - levelWindow, t - YEAR - 1, half);
      if (mult) {
        if (trailing > 0 && sameWeek >= 0) withYear[i] = level * clamp(sameWeek / trailing, 0.2, 5) * f;
      } else if (!Number.isNaN(sameWeek) && !Number.isNaN(trailing)) {
        withYear[i] = level + (sameWeek - trailing) + f;
      }
    }
  }

  // Candidates: the local-linear level (falling back to the trailing median where the line
  // cannot be fitted) and, with a year of history, the same-week-last-year adjustment. Every 28
  // days of the period, the candidate with the lowest robust one-step error over the preceding
  // window is chosen. (Choosing afresh every day picks whichever variant was luckiest lately and
  // makes the intervals optimistic; a single choice for a long period goes stale as the season
  // turns.)
  const candidates: { name: BaselineVariant; own: Float64Array; expected: Float64Array; residual: Float64Array }[] = [
    { name: "trend", own: trended, expected: fillFrom(trended, plain), residual: new Float64Array(0) },
  ];
  if (wantYearly)
    candidates.push({
      name: "yearly",
      own: withYear,
      expected: fillFrom(withYear, plain),
      residual: new Float64Array(0),
    });
  // Count noise grows with the level: a Saturday at 70 % of a weekday also varies less. In the
  // multiplicative mode the errors are scaled by √expected (a quasi-Poisson variance function,
  // variance ∝ mean: between additive noise and noise proportional to the level, which real
  // traffic lies between), and each day's σ is that scaled spread times its own √expected.
  for (const c of candidates)
    c.residual = c.expected.map((e, i) =>
      mult ? (e > 0 ? (y[start + i] - e) / Math.sqrt(e) : NaN) : y[start + i] - e,
    );
  const used: Record<BaselineVariant, number> = { level: 0, trend: 0, yearly: 0 };
  let best = candidates[0];
  const upper = 1 - (1 - confidence) / 2;
  const quantileCache = new Map<number, number>();
  const points: BaselinePoint[] = [];
  for (let t = fromIdx; t <= toIdx; t++) {
    if ((t - fromIdx) % SELECTION_BLOCK === 0) {
      best = candidates[0];
      let bestSigma = Infinity;
      for (const c of candidates) {
        // The yearly variant must beat the simpler one by a clear margin: when last year adds
        // nothing, the two errors differ only by luck, and picking the luckier one is optimism.
        const penalty = c === candidates[0] ? 1 : 1 / YEARLY_MARGIN;
        const sigma =
          penalty *
          backtestSigma(y, c.own, c.expected, Math.max(start, t - residualWindow), t, start, minResiduals, scratch);
        if (sigma < bestSigma) {
          best = c;
          bestSigma = sigma;
        }
      }
    }
    const residual = best.residual;
    const actual = Number.isNaN(y[t]) ? null : y[t];
    const expected = best.expected[t - start];
    if (!Number.isNaN(expected))
      used[best.name === "trend" && Number.isNaN(trended[t - start]) ? "level" : best.name]++;
    let k = 0;
    for (let s = Math.max(start, t - residualWindow); s < t; s++)
      if (!Number.isNaN(residual[s - start])) scratch[k++] = residual[s - start];
    if (Number.isNaN(expected) || k < minResiduals) {
      points.push({
        date: series[t].date,
        actual,
        expected: Number.isNaN(expected) ? null : expected,
        low: null,
        high: null,
        sigma: null,
        df: null,
      });
      continue;
    }
    const spread = winsorizedSigmaInPlace(scratch, k) * (mult ? Math.sqrt(Math.max(0, expected)) : 1);
    const sigma = Math.max(spread, 1e-9 * Math.max(1, Math.abs(expected)));
    let q = quantileCache.get(k);
    if (q === undefined) {
      // Consecutive one-step errors share most of their estimated level, so they are not
      // independent; halving the nominal degrees of freedom accounts for that (and keeps the
      // false-alarm rate on pure noise at or under 1 − confidence).
      q = studentTQuantile(upper, Math.max(1, (WINSORIZED_EFFICIENCY * k) / 2));
      quantileCache.set(k, q);
    }
    const low = expected - q * sigma;
    points.push({
      date: series[t].date,
      actual,
      expected,
      low: nonNegative ? Math.max(0, low) : low,
      high: expected + q * sigma,
      sigma,
      df: Math.max(1, (WINSORIZED_EFFICIENCY * k) / 2),
    });
  }
  const variant = (Object.keys(used) as BaselineVariant[]).reduce((x, z) => (used[z] > used[x] ? z : x), "trend");
  return { points, seasonality: mode, variant, confidence };
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

/** Multiplicative when the series is a non-negative quantity whose typical day is clearly above 0. */
function chooseMode(y: Float64Array, nonNegative: boolean): SeasonalityMode {
  if (!nonNegative) return "additive";
  const known = Float64Array.from(y.filter((v) => !Number.isNaN(v)));
  return known.length > 0 && medianInPlace(known, known.length) >= 10 ? "multiplicative" : "additive";
}

function fillFrom(values: Float64Array, fallback: Float64Array): Float64Array {
  return values.map((v, i) => (Number.isNaN(v) ? fallback[i] : v));
}

/** Robust σ of a variant's one-step errors before the period; Infinity when it has too few. */
function backtestSigma(
  y: Float64Array,
  own: Float64Array,
  expected: Float64Array,
  from: number,
  to: number,
  start: number,
  minResiduals: number,
  scratch: Float64Array,
): number {
  let known = 0;
  let k = 0;
  for (let t = from; t < to; t++) {
    if (!Number.isNaN(own[t - start])) known++;
    const r = y[t] - expected[t - start];
    if (!Number.isNaN(r)) scratch[k++] = r;
  }
  return known < minResiduals || k < minResiduals ? Infinity : robustSigmaInPlace(scratch, k);
}

/** Least-squares line z = a + b·x over the first k points. */
function lineFit(xs: Float64Array, zs: Float64Array, k: number): { a: number; b: number } {
  const { mx, mz, sxx, sxz } = centredSums(xs, zs, k);
  const b = sxx > 0 ? sxz / sxx : 0;
  return { a: mz - b * mx, b };
}

import {
  MAD_TO_SIGMA,
  WINSORIZED_EFFICIENCY,
  insertionSortInPlace,
  medianInPlace,
  robustSigmaInPlace,
} from "./descriptive";

// The robust local line of the two-sided baseline (two-sided-baseline.ts): a day's level from its nearest known days
// on either side, the day left out. One fitter serves every day of a series, its buffers reused.
//
// A class, not closures made on each call of the baseline: V8 keeps a closure's optimised code only as long as some
// closure made from it is alive, so after each full collection the fitter's closures were compiled again (a batch
// every 5-9 reports on a warm worker, on the cores the report's two threads need; ADR 0005). A class's methods live
// as long as the module.

/** A line's value at x = 0, the value's variance relative to the noise, and the pilot's robust σ. */
export interface LineAtZero {
  value: number;
  v: number;
  sigma: number;
}

export type Side = "both" | "left" | "right";

export class LevelFit {
  /** The gathered days' offsets from the judged day (sorted) and deseasonalised values, [0, k). */
  readonly xs: Float64Array;
  readonly zs: Float64Array;
  /** The medians of the last line's left and right halves (by x), read before zs was winsorised. */
  halfMedianA = NaN;
  halfMedianB = NaN;
  /** The days of the judged day's own level, [lo, hi) (the whole series without breaks); `gather` reads only them. */
  lo = 0;
  hi: number;
  /** Days a line through a day's level needs: fewer are fitted as a flat level. */
  readonly need: number;
  private readonly halfA: Float64Array;
  private readonly halfB: Float64Array;
  private readonly leftX: Float64Array;
  private readonly leftZ: Float64Array;
  private readonly scratch: Float64Array;
  private readonly order: Uint8Array;
  private readonly pilot = { intercept: NaN, sigma: NaN };

  /**
   * @param y the series' values (NaN: unknown); @param weekdays each day's weekday (0-6); @param mult whether values
   * are deseasonalised by dividing by the weekday factor (else by subtracting it); @param levelDays nearest days a line
   * is fitted through.
   */
  constructor(
    private readonly y: Float64Array,
    private readonly weekdays: Uint8Array,
    private readonly mult: boolean,
    private readonly levelDays: number,
  ) {
    const n = y.length;
    this.hi = n;
    this.need = Math.ceil(levelDays / 2);
    this.xs = new Float64Array(2 * levelDays);
    this.zs = new Float64Array(2 * levelDays);
    this.halfA = new Float64Array(2 * levelDays);
    this.halfB = new Float64Array(2 * levelDays);
    this.leftX = new Float64Array(2 * levelDays);
    this.leftZ = new Float64Array(2 * levelDays);
    this.scratch = new Float64Array(Math.max(n, 8));
    this.order = new Uint8Array(Math.max(n, 8));
  }

  /** The `limit` nearest known days to t on the chosen side(s), deseasonalised with factors `f`, into xs/zs by x. */
  gather(t: number, f: Float64Array, side: Side, limit = this.levelDays): number {
    const { y, weekdays, mult, xs, zs, leftX, leftZ, lo, hi } = this;
    let nLeft = 0;
    let k = 0;
    let left = t - 1;
    let right = t + 1;
    while (nLeft + k < limit && (left >= lo || right < hi)) {
      const useLeft = side !== "right" && left >= lo && (side === "left" || right >= hi || t - left <= right - t);
      const s = useLeft ? left-- : side !== "left" && right < hi ? right++ : -1;
      if (s < 0) break;
      if (Number.isNaN(y[s])) continue;
      const z = mult ? y[s] / f[weekdays[s]] : y[s] - f[weekdays[s]];
      // Each side's days come nearest first: the right ones straight into place after the left ones (moved in
      // below), the left ones aside, to be laid in reversed, so xs reads left to right without sorting.
      if (s < t) {
        leftX[nLeft] = s - t;
        leftZ[nLeft++] = z;
      } else {
        xs[k] = s - t;
        zs[k++] = z;
      }
    }
    if (nLeft > 0) {
      for (let j = k - 1; j >= 0; j--) {
        xs[j + nLeft] = xs[j];
        zs[j + nLeft] = zs[j];
      }
      for (let j = 0; j < nLeft; j++) {
        xs[nLeft - 1 - j] = leftX[j];
        zs[nLeft - 1 - j] = leftZ[j];
      }
    }
    return nLeft + k;
  }

  /** Robust line through (xs, zs)[0..k) read at x = 0, with the relative variance of that value. */
  lineAtZero(k: number): LineAtZero {
    const { xs, zs, halfA, halfB } = this;
    // Pilot: the slope from the medians of the left and right halves (by x), the intercept from the
    // median of the detrended values; then values winsorised at ±2σ around it and a least-squares refit.
    const mid = k >> 1; // xs is sorted (gather)
    const { xa, xb } = splitHalves(xs, zs, k, halfA, halfB);
    this.halfMedianA = medianInPlace(halfA, mid);
    this.halfMedianB = medianInPlace(halfB, k - mid);
    // Fewer days than a line needs (a short stretch of its own level): a flat level, not a slope extrapolated.
    const flat = k < this.need;
    const slope = xb > xa && !flat ? (this.halfMedianB - this.halfMedianA) / (xb - xa) : 0;
    pilotFit(xs, zs, k, slope, this.scratch, this.order, this.pilot);
    const { intercept, sigma } = this.pilot;
    for (let j = 0; j < k; j++) {
      const f = intercept + slope * xs[j];
      zs[j] = Math.min(f + 2 * sigma, Math.max(f - 2 * sigma, zs[j]));
    }
    const { mx, mz, sxx, sxz } = centredSums(xs, zs, k);
    const b = sxx > 0 && !flat ? sxz / sxx : 0;
    // Least squares' variance at x = 0, over the winsorised fit's efficiency (≈ 0.9).
    const v = (1 / k + (sxx > 0 && !flat ? (mx * mx) / sxx : 0)) / WINSORIZED_EFFICIENCY;
    return { value: mz - b * mx, v, sigma };
  }

  /** The line through one side's nearest days alone, or null with fewer than a line needs. */
  fitSide(t: number, f: Float64Array, side: "left" | "right"): LineAtZero | null {
    const k = this.gather(t, f, side);
    return k >= this.need ? this.lineAtZero(k) : null;
  }
}

/**
 * The left and right halves (by x; xs sorted) of zs over [0, k) copied into `halfA` and `halfB` (the first k >> 1
 * days, then the rest), with each half's mean x: a robust line's slope is read from the halves' medians.
 */
export function splitHalves(
  xs: Float64Array,
  zs: Float64Array,
  k: number,
  halfA: Float64Array,
  halfB: Float64Array,
): { xa: number; xb: number } {
  const mid = k >> 1;
  let xa = 0;
  let xb = 0;
  for (let j = 0; j < mid; j++) {
    halfA[j] = zs[j];
    xa += xs[j] / mid;
  }
  for (let j = mid; j < k; j++) {
    halfB[j - mid] = zs[j];
    xb += xs[j] / (k - mid);
  }
  return { xa, xb };
}

/** The means of xs and zs over [0, k) and their centred sums of squares and products (a least-squares line's). */
export function centredSums(
  xs: Float64Array,
  zs: Float64Array,
  k: number,
): { mx: number; mz: number; sxx: number; sxz: number } {
  let sx = 0;
  let sz = 0;
  for (let j = 0; j < k; j++) {
    sx += xs[j];
    sz += zs[j];
  }
  const mx = sx / k;
  const mz = sz / k;
  let sxx = 0;
  let sxz = 0;
  for (let j = 0; j < k; j++) {
    sxx += (xs[j] - mx) * (xs[j] - mx);
    sxz += (xs[j] - mx) * (zs[j] - mz);
  }
  return { mx, mz, sxx, sxz };
}

/**
 * The robust line's pilot: the intercept, the median of zs − slope·xs over [0, k), and the robust σ (descriptive.ts
 * `robustSigmaInPlace`) of the residuals zs − (intercept + slope·xs), into `out`. The same order statistics as
 * sorting each of the three samples (the detrended values, the residuals, their distances from their median), at
 * a third of the work: the detrended values are sorted through an index, so the residuals come nearly in order
 * (an insertion sort then barely moves them), and the distances of sorted residuals from their median are two
 * sorted runs, merged up to the middle. Values that are not finite take the plain path (their order is not a sort).
 */
function pilotFit(
  xs: Float64Array,
  zs: Float64Array,
  k: number,
  slope: number,
  scratch: Float64Array,
  order: Uint8Array,
  out: { intercept: number; sigma: number },
): void {
  let finite = Number.isFinite(slope) && k <= order.length && k <= 255;
  for (let j = 0; j < k && finite; j++) finite = Number.isFinite(zs[j]);
  if (!finite) {
    for (let j = 0; j < k; j++) scratch[j] = zs[j] - slope * xs[j];
    out.intercept = medianInPlace(scratch, k);
    for (let j = 0; j < k; j++) scratch[j] = zs[j] - (out.intercept + slope * xs[j]);
    out.sigma = robustSigmaInPlace(scratch, k);
    return;
  }
  for (let j = 0; j < k; j++) {
    scratch[j] = zs[j] - slope * xs[j];
    order[j] = j;
  }
  insertionSortBy(order, scratch, k);
  const mid = k >> 1;
  const intercept = k % 2 === 1 ? scratch[mid] : (scratch[mid - 1] + scratch[mid]) / 2;
  // The residuals in the detrended values' order, then sorted (in place, nearly sorted already).
  for (let i = 0; i < k; i++) {
    const j = order[i];
    scratch[i] = zs[j] - (intercept + slope * xs[j]);
  }
  insertionSortInPlace(scratch, k);
  const centre = k % 2 === 1 ? scratch[mid] : (scratch[mid - 1] + scratch[mid]) / 2;
  // |r − centre| falls up to the first residual above the centre and rises after it: merge the two runs.
  let right = 0;
  while (right < k && scratch[right] <= centre) right++;
  let left = right - 1;
  let previous = NaN;
  let current = NaN;
  for (let c = 0; c <= mid; c++) {
    const fromLeft = left >= 0 ? Math.abs(scratch[left] - centre) : BEYOND;
    const fromRight = right < k ? Math.abs(scratch[right] - centre) : BEYOND;
    previous = current;
    if (fromLeft <= fromRight) {
      current = fromLeft;
      left--;
    } else {
      current = fromRight;
      right++;
    }
  }
  out.intercept = intercept;
  out.sigma = MAD_TO_SIGMA * (k % 2 === 1 ? current : (previous + current) / 2);
}

/**
 * Infinity, as a module constant: TurboFan reads the global `Infinity` as a tagged constant, so a `cond ? x : Infinity`
 * boxed every x into a new heap number: 500 bytes a pilot fit, 10 of the 62 MB the report bench's segment detections
 * allocated (sampled with HeapProfiler). This one it keeps an unboxed double; same values.
 */
const BEYOND = Number.POSITIVE_INFINITY;

/** Sorts the first k `keys` in place as medianInPlace's insertion sort does, moving their indices in `order` along. */
function insertionSortBy(order: Uint8Array, keys: Float64Array, k: number): void {
  for (let i = 1; i < k; i++) {
    const index = order[i];
    const v = keys[i];
    let j = i - 1;
    while (j >= 0 && keys[j] > v) {
      keys[j + 1] = keys[j];
      order[j + 1] = order[j];
      j--;
    }
    keys[j + 1] = v;
    order[j + 1] = index;
  }
}

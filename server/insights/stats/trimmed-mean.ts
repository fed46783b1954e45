import { normalPdf, normalQuantile } from "./distributions";

// The 20 % trimmed mean of a small sample (a weekday's ratios to their weeks' means), read from the sample sorted
// once, with any one value left out. Over ~17 weeks its variance at the normal is 1.11 times the mean's where the
// median's is 1.52: weekday factors read as medians were off by 3-4 % often enough that, over a project's 150
// landing pages, some weekday of some page was expected 7 % too low and its ordinary days reported as unusual.
// The 20 % trimmed mean still ignores the 3 most extreme weeks on either side (a holiday, an outage, a spike).

/** The share of values left out at each end. */
export const TRIM_SHARE = 0.2;

/** Values left out at each end of k: at least one from 3 values on (the median of 3 or 4), none of 1 or 2. */
export function trimCount(k: number): number {
  return k <= 2 ? 0 : Math.max(1, Math.floor(TRIM_SHARE * k));
}

/** Prefix sums of sorted values: `sums[i]` is the sum of the first i. */
export function prefixSums(sorted: Float64Array): Float64Array {
  const sums = new Float64Array(sorted.length + 1);
  for (let i = 0; i < sorted.length; i++) sums[i + 1] = sums[i] + sorted[i];
  return sums;
}

/**
 * The trimmed mean of `sorted` (with its `prefixSums`) without the value at index `left` (`sorted.length`: none left
 * out). O(1): the kept values' sum is read off the prefix sums, past the left-out index shifted by one.
 */
export function trimmedMeanLeavingOut(sorted: Float64Array, sums: Float64Array, left: number): number {
  const k = left < sorted.length ? sorted.length - 1 : sorted.length;
  if (k === 0) return NaN;
  const g = trimCount(k);
  // Kept: ranks [g, k - g) of the remaining values; rank j is index j before `left`, j + 1 from it on.
  const from = g;
  const to = k - g;
  // No closure for the rank's index: this runs for every day of every series, and a function made per call (named
  // by the TypeScript loader each time) was a tenth of the weekday factors' time.
  let total: number;
  if (to <= left) total = sums[to] - sums[from];
  else if (from >= left) total = sums[to + 1] - sums[from + 1];
  else total = sums[(to - 1 < left ? to - 1 : to) + 1] - sums[from] - sorted[left];
  return total / (to - from);
}

/**
 * The large-sample variance of a trimmed mean leaving out the share `alpha` at each end, over the mean's, for normal
 * values (Stigler 1973): [∫ x² φ over the kept middle + 2α ξ²] / (1 − 2α)², ξ the (1 − α) quantile. 1 at α = 0;
 * π/2 (the median's) as α → ½.
 */
export function trimmedMeanVarianceFactor(alpha: number): number {
  if (!(alpha > 0)) return 1;
  if (alpha >= 0.5) return Math.PI / 2;
  // A report asks for a few shares (trimCount(k) / k of its series' weeks), thousands of times each.
  const known = varianceFactors.get(alpha);
  if (known !== undefined) return known;
  const xi = normalQuantile(1 - alpha);
  const middle = 1 - 2 * alpha - 2 * xi * normalPdf(xi);
  const factor = (middle + 2 * alpha * xi * xi) / (1 - 2 * alpha) ** 2;
  varianceFactors.set(alpha, factor);
  return factor;
}
const varianceFactors = new Map<number, number>();

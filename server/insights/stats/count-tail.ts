import { logGamma } from "./distributions";

// The tails of a count: how likely a day of a few events is to reach (or fall to) what it did, when the days
// scatter as a Poisson count whose rate itself wanders (a negative binomial: variance = mean × dispersion). With a
// few events a day a count is too discrete and skewed for a normal or t interval: 9 leads a day on average make
// 19 or more about once in 400 days as a Poisson count, where a normal curve with the same σ says once in 2,300.

/** A day's expected count is never taken below this: a fit of a few events a day can dip to 0 on a weak weekday. */
export const MIN_EXPECTED_COUNT = 0.5;

/** Terms summed in a tail at most; a day's count never needs nearly as many. */
const MAX_TERMS = 100_000;

/**
 * P(X ≥ x) and P(X ≤ x) for a count X of mean `mean` and variance `mean × dispersion` (dispersion ≥ 1: a
 * negative binomial, 1: Poisson). A fractional `x` (attributed conversions) is judged at the whole count on its
 * conservative side for each tail: P(X ≥ ⌊x⌋) and P(X ≤ ⌈x⌉).
 */
export function countTails(x: number, mean: number, dispersion: number): { upper: number; lower: number } {
  if (!(mean > 0) || !Number.isFinite(mean)) return { upper: x > 0 ? 0 : 1, lower: 1 };
  const pmf = countPmf(mean, dispersion);
  const high = Math.max(0, Math.floor(x));
  const low = Math.max(0, Math.ceil(x));
  // Each tail is summed on the side away from the mean, where its terms fall off, and the other taken as 1 − it.
  const upper = high === 0 ? 1 : high > mean ? tailFrom(pmf, high) : 1 - headTo(pmf, high - 1);
  const lower = low < mean ? headTo(pmf, low) : 1 - tailFrom(pmf, low + 1);
  return { upper: clamp(upper), lower: clamp(lower) };
}

/** A two-sided p-value of a count: twice its smaller tail, at most 1. */
export function twoSidedCountP(x: number, mean: number, dispersion: number): number {
  const { upper, lower } = countTails(x, mean, dispersion);
  return Math.min(1, 2 * Math.min(upper, lower));
}

/**
 * The central interval of a count at `confidence`: the largest `low` with P(X < low) ≤ (1 − c)/2 and the smallest
 * `high` with P(X > high) ≤ (1 − c)/2, so a count inside [low, high] is never called unusual at that confidence.
 */
export function countInterval(mean: number, dispersion: number, confidence: number): { low: number; high: number } {
  if (!(mean > 0) || !Number.isFinite(mean)) return { low: 0, high: 0 };
  const alpha = (1 - confidence) / 2;
  const pmf = countPmf(mean, dispersion);
  let below = 0;
  let low = 0;
  for (let k = 0; k < MAX_TERMS; k++) {
    if (below <= alpha) low = k;
    below += pmf(k);
    if (1 - below <= alpha) return { low, high: k };
  }
  return { low, high: MAX_TERMS };
}

/** The probability of each count k (through its log, so large counts and means keep their precision). */
function countPmf(mean: number, dispersion: number): (k: number) => number {
  if (!(dispersion > 1 + 1e-9)) {
    const logMean = Math.log(mean);
    return (k) => Math.exp(k * logMean - mean - logGamma(k + 1));
  }
  // Negative binomial with size r and success probability p: mean r(1−p)/p, variance mean / p = mean × dispersion.
  const p = 1 / dispersion;
  const r = mean / (dispersion - 1);
  const head = r * Math.log(p) - logGamma(r);
  const logQ = Math.log(1 - p);
  return (k) => Math.exp(head + logGamma(k + r) - logGamma(k + 1) + k * logQ);
}

/** P(X ≥ from), summed upward until the terms no longer add to it. */
function tailFrom(pmf: (k: number) => number, from: number): number {
  let sum = 0;
  for (let k = from; k < from + MAX_TERMS; k++) {
    const p = pmf(k);
    sum += p;
    if (p <= sum * 1e-17) break;
  }
  return sum;
}

/** P(X ≤ to), summed downward from `to` until the terms no longer add to it. */
function headTo(pmf: (k: number) => number, to: number): number {
  let sum = 0;
  for (let k = to; k >= 0 && k > to - MAX_TERMS; k--) {
    const p = pmf(k);
    sum += p;
    if (p <= sum * 1e-17 && sum > 0) break;
  }
  return sum;
}

const clamp = (p: number) => Math.min(1, Math.max(0, p));

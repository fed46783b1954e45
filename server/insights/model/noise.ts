import { ENGINE_CONFIG } from "../config";
import type { Family } from "../data/cube";
import { countInterval, countTails } from "../stats/count-tail";
import { median } from "../stats/descriptive";
import { normalCdf, normalPdf, normalQuantile, studentTQuantile, twoSidedStudentTP } from "../stats/distributions";

// How a series' periods scatter around their expected values: the noise half of the model (decompose.ts is the other).
// One family per kind of metric:
//   count   negative binomial: variance μ + αμ² (α = 0 is Poisson: a handful of leads a day;
//           α > 0 the wander of traffic); a segment's count pooled with its peers (pooled-noise.ts) is read as
//           quasi-Poisson instead, variance φμ with φ moderated across the pool, judged with a t
//   amount  log-normal: log(x + c) ~ N(log(μ + c), σ²) (money: orders of any size; c keeps a day of 0 finite)
//   rate    beta-binomial: a share of its denominator n, variance p(1 − p)(1 + (n − 1)ρ) / n
//   ratio   log-normal of a ratio of sums, σ shrinking with its denominator (cost per click, position, order value)
// Everything a finding calls expected, a range or a p-value comes from here.

export interface Noise {
  family: Family;
  /** α (count), σ (amount, ratio) or ρ (rate). */
  dispersion: number;
  /** Amounts: the c of log(x + c). */
  offset: number;
  /** Ratios and rates: the mean denominator the dispersion is read at. */
  meanWeight: number;
  /** Degrees of freedom the dispersion was estimated with (how far its t-tails reach). */
  df: number;
  /**
   * A count whose noise was moderated across its pool of segments (pooled-noise.ts): variance φ·μ (quasi-Poisson,
   * φ read from the series' own days and its peers', below 1 as well as above), judged with a Student t of `df`
   * degrees of freedom. Unset: the negative binomial of `dispersion`. `inflation` (per period, ≥ 1) is what the
   * uncertainty of the expected value adds to the day's variance there (decompose.ts noiseAt reads it).
   */
  pooled?: { phi: number; df: number; inflation: Float64Array };
}

/** Above this expected count a negative binomial is read through its normal approximation (its tail sum is long). */
const EXACT_COUNT_MAX = 2000;

/**
 * E[min(Z², c²)] for a standard normal Z: what a winsorised mean square of standardised residuals is under the
 * model.
 */
export function clippedSquareMean(c: number): number {
  return 2 * normalCdf(c) - 1 - 2 * c * normalPdf(c) + 2 * c * c * (1 - normalCdf(c));
}

/** The signed distance of `x` from `mu` in noise scales (on the family's own scale). */
export function zScore(noise: Noise, x: number, mu: number, weight = 1): number {
  const sd = scaleAt(noise, mu, weight);
  if (!(sd > 0)) return x === mu ? 0 : Math.sign(x - mu) * Infinity;
  return (transform(noise, x) - transform(noise, mu)) / sd;
}

/** The value on the scale the family is normal (or counted) on. */
function transform(noise: Noise, v: number): number {
  if (noise.family === "amount") return Math.log(Math.max(v, 0) + noise.offset);
  if (noise.family === "ratio") return Math.log(Math.max(v, 1e-12));
  return v;
}

function inverse(noise: Noise, u: number): number {
  if (noise.family === "amount") return Math.max(0, Math.exp(u) - noise.offset);
  if (noise.family === "ratio") return Math.exp(u);
  return u;
}

/** The noise's standard deviation at `mu` on the transformed scale. */
function scaleAt(noise: Noise, mu: number, weight: number): number {
  const m = Math.max(mu, 0);
  switch (noise.family) {
    case "count":
      return noise.pooled ? Math.sqrt(noise.pooled.phi * m) : Math.sqrt(m + noise.dispersion * m * m);
    case "amount":
      return noise.dispersion;
    case "rate": {
      const n = Math.max(weight, 1e-9);
      const p = Math.min(Math.max(m, 0), 1);
      return Math.sqrt((p * (1 - p) * (1 + (n - 1) * noise.dispersion)) / n);
    }
    case "ratio":
      return noise.dispersion * Math.sqrt(noise.meanWeight / Math.max(weight, 1e-9));
  }
}

/** The two-sided p-value of `x` against `mu`: exact count tails for a few events, else the t on the family's scale. */
export function pValue(noise: Noise, x: number, mu: number, weight = 1): number {
  if (noise.family === "count" && mu <= EXACT_COUNT_MAX && !noise.pooled) {
    const { upper, lower } = countTails(x, Math.max(mu, 1e-9), 1 + noise.dispersion * Math.max(mu, 0));
    return Math.min(1, 2 * Math.min(upper, lower));
  }
  return twoSidedStudentTP(zScore(noise, x, mu, weight), dfOf(noise));
}

/** The degrees of freedom a value is judged with: its pool's when its noise was moderated. */
const dfOf = (noise: Noise) => noise.pooled?.df ?? noise.df;

/** The central interval holding `confidence` of the values the model expects at `mu`, in the metric's own unit. */
export function interval(noise: Noise, mu: number, confidence: number, weight = 1): { low: number; high: number } {
  if (noise.family === "count" && mu <= EXACT_COUNT_MAX && !noise.pooled)
    return countInterval(Math.max(mu, 1e-9), 1 + noise.dispersion * Math.max(mu, 0), confidence);
  const q = quantile(noise, confidence);
  const sd = scaleAt(noise, mu, weight);
  const centre = transform(noise, mu);
  const low = inverse(noise, centre - q * sd);
  const high = inverse(noise, centre + q * sd);
  const bounded = noise.family === "rate" ? { low: Math.max(0, low), high: Math.min(1, high) } : { low, high };
  return { low: Math.max(0, Math.min(bounded.low, mu)), high: Math.max(bounded.high, mu) };
}

const quantile = (noise: Noise, confidence: number) =>
  dfOf(noise) > 1e6 ? normalQuantile(0.5 + confidence / 2) : studentTQuantile(0.5 + confidence / 2, dfOf(noise));

/** The variance of a value at `mu` in the metric's own unit (what a sum of periods adds up). */
export function varianceAt(noise: Noise, mu: number, weight = 1): number {
  const sd = scaleAt(noise, mu, weight);
  if (noise.family === "amount") return (Math.max(mu, 0) + noise.offset) ** 2 * sd * sd;
  if (noise.family === "ratio") return Math.max(mu, 0) ** 2 * sd * sd;
  return sd * sd;
}

export interface Residual {
  x: number;
  mu: number;
  weight: number;
}

/**
 * The noise of a series from its residuals (each known period's value beside what the model expected there), robust
 * to the outliers and steps it may hold: the dispersion at which the winsorised mean square of the standardised
 * residuals is what it is under the model.
 */
export function estimateNoise(family: Family, residuals: readonly Residual[]): Noise {
  const n = residuals.length;
  const meanWeight = n > 0 ? residuals.reduce((s, r) => s + r.weight, 0) / n : 1;
  const positive = residuals.filter((r) => r.x > 0).map((r) => r.x);
  // A tenth of a typical non-zero value: a day of 0 beside days of hundreds is far from them, not infinitely far.
  const offset = family === "amount" ? Math.max(1e-6, 0.1 * (positive.length > 0 ? median(positive) : 1)) : 0;
  const df = Math.max(3, ENGINE_CONFIG.noiseEfficiency * n - 2);
  const base = { family, offset, meanWeight, df };
  const fit = (dispersion: number) => ({ ...base, dispersion });
  if (n < 3) return fit(family === "count" ? 0 : family === "rate" ? 0 : 0.1);
  const target = clippedSquareMean(ENGINE_CONFIG.noiseClip);
  const meanSquare = (noise: Noise) => clippedMeanSquare(residuals, noise);
  if (family === "count" || family === "rate") {
    const upper = family === "count" ? 10 : 0.999;
    if (meanSquare(fit(0)) <= target) return fit(0);
    return fit(bisect((d) => meanSquare(fit(d)) - target, 0, upper));
  }
  // A scale family: the clipped mean square is σ-free once divided out; a few fixed-point steps from the MAD.
  let sigma = Math.max(1e-9, madOf(residuals, fit(1)));
  for (let step = 0; step < 6; step++) sigma = Math.max(1e-9, sigma * Math.sqrt(meanSquare(fit(sigma)) / target));
  return fit(sigma);
}

const clip = ENGINE_CONFIG.noiseClip;

/**
 * A count's quasi-Poisson dispersion φ (variance φ·μ) from its Pearson residuals, (x − μ) / √μ each divided by the root
 * of what the uncertainty of μ adds there, robust as estimateNoise: the φ at which their winsorised mean square over φ
 * is what it is under the model. What a pool of segments moderates (pooled-noise.ts); unlike the negative binomial's
 * α it may say a series is calmer than Poisson.
 */
export function quasiPoissonDispersion(pearson: readonly number[]): number {
  if (pearson.length < 3) return 1;
  const target = clippedSquareMean(ENGINE_CONFIG.noiseClip);
  const meanSquare = (sigma: number) =>
    pearson.reduce((sum, r) => sum + Math.min((r / sigma) ** 2, clip * clip), 0) / pearson.length;
  let sigma = Math.max(1e-9, median(pearson.map(Math.abs)) * 1.482602218505602);
  for (let step = 0; step < 6; step++) sigma = Math.max(1e-9, sigma * Math.sqrt(meanSquare(sigma) / target));
  return sigma * sigma;
}

function clippedMeanSquare(residuals: readonly Residual[], noise: Noise): number {
  let sum = 0;
  for (const r of residuals) {
    const z = zScore(noise, r.x, r.mu, r.weight);
    sum += Math.min(z * z, clip * clip);
  }
  return sum / residuals.length;
}

/** The MAD of the residuals on the family's scale, as a standard deviation (noise at dispersion 1). */
function madOf(residuals: readonly Residual[], unit: Noise): number {
  const z = residuals.map((r) => Math.abs(zScore(unit, r.x, r.mu, r.weight)));
  return median(z) * 1.482602218505602;
}

/** The root of a decreasing function on [lo, hi] (its value at hi when it stays positive). */
function bisect(f: (x: number) => number, lo: number, hi: number): number {
  if (f(hi) > 0) return hi;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) > 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

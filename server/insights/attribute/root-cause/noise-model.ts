import { medianInPlace } from "../../stats/descriptive";
import type { NoiseModel } from "./types";

// The null model of one leaf: its relative change g (relative-change.ts) is centred on zero with
// variance sigma² + phi / m, where m = max(actual, expected). sigma is the forecast's relative
// error (the benchmark's only noise); phi / m is count noise (a segment with 4 orders moves by
// half of itself from week to week, one with 4,000 by 1.6 %), so small segments need a larger
// change to count. Both are fitted robustly on the leaves no element explains:
// - the leaves are cut into bins by m; each bin gives a robust variance around zero,
//   (median |g| / 0.6745)², which half of a bin's leaves being anomalous does not move;
// - the model is fitted to the bins' log variances, each weighted by its precision (the log of
//   a median-based variance of n values has a variance of about 5.4 / n), as
//   A · ((1 − t) + t · x / x̄) with x = 1 / m, over a grid of t in [0, 1]: t = 0 is relative noise
//   alone, t = 1 count noise alone. Relative noise is the default (every forecast has it); count
//   noise must beat it by the BIC's price of a parameter, ln(bins), and a mix of both by twice
//   that: over a narrow range of m the models look alike, and a count model fitted to noise
//   would weight the largest leaves far above the rest.

const MAD_TO_VARIANCE = 1 / (0.6744897501960817 * 0.6744897501960817);
/** A median-based variance of n normal values is worth about 0.37 n degrees of freedom. */
const MEDIAN_EFFICIENCY = 0.37;
const LOG_VARIANCE_SPREAD = 5.4;
const BINS = 10;
const MIN_PER_BIN = 12;
const GRID = 100;
/**
 * No forecast is better than 0.1 %: without a floor, a baseline that reproduces the data exactly
 * (a test fixture, a frozen feed) would make rounding errors infinitely significant.
 */
export const MIN_SIGMA = 1e-3;

interface Bin {
  /** 1 / the bin's median scale. */
  x: number;
  /** Robust variance of g around zero. */
  y: number;
  n: number;
}

/** Fits the noise model on the leaves listed in `leaves` (indices into g and scale). */
export function fitNoiseModel(g: Float64Array, scale: Float64Array, leaves: Int32Array): NoiseModel {
  const bins = binVariances(g, scale, leaves);
  if (bins.length === 0) return { sigma: MIN_SIGMA, phi: 0, df: 1, leaves: 0 };
  const { level, mix, parameters } = fitShape(bins);
  const xBar = meanX(bins);
  return {
    sigma: Math.max(MIN_SIGMA, Math.sqrt(level * (1 - mix))),
    phi: (level * mix) / xBar,
    df: Math.max(1, MEDIAN_EFFICIENCY * leaves.length - parameters),
    leaves: leaves.length,
  };
}

/** The fewest leaves a noise model is fitted on: two bins. */
export const MIN_FIT_LEAVES = 2 * MIN_PER_BIN;

function binVariances(g: Float64Array, scale: Float64Array, leaves: Int32Array): Bin[] {
  const n = leaves.length;
  if (n === 0) return [];
  const binCount = Math.max(1, Math.min(BINS, Math.floor(n / MIN_PER_BIN)));
  // Bins of equal counts by scale: the scales sorted (a native numeric sort), and each leaf placed
  // by the bins' upper edges. Ties at an edge go to the lower bin, so bins may differ a little in size.
  const sorted = Float64Array.from(leaves, (i) => scale[i]).sort();
  const edges = Array.from({ length: binCount }, (_, b) => sorted[Math.floor(((b + 1) * n) / binCount) - 1]);
  const changes: number[][] = edges.map(() => []);
  const scales: number[][] = edges.map(() => []);
  for (const i of leaves) {
    let b = 0;
    while (scale[i] > edges[b]) b++;
    changes[b].push(Math.abs(g[i]));
    scales[b].push(scale[i]);
  }
  return changes.flatMap((values, b) => {
    if (values.length === 0) return [];
    const spread = medianInPlace(Float64Array.from(values), values.length);
    const y = Math.max(MIN_SIGMA * MIN_SIGMA, spread ** 2 * MAD_TO_VARIANCE);
    return [{ x: 1 / medianInPlace(Float64Array.from(scales[b]), values.length), y, n: values.length }];
  });
}

function meanX(bins: readonly Bin[]): number {
  const total = bins.reduce((s, b) => s + b.n, 0);
  return bins.reduce((s, b) => s + b.n * b.x, 0) / total;
}

/** The best A and t (as `level` and `mix`) of A · ((1 − t) + t · x / x̄) on the log scale. */
function fitShape(bins: readonly Bin[]): { level: number; mix: number; parameters: number } {
  const xBar = meanX(bins);
  const total = bins.reduce((s, b) => s + b.n, 0);
  const fit = (t: number) => {
    const shape = bins.map((b) => Math.log(1 - t + (t * b.x) / xBar));
    const logLevel = bins.reduce((s, b, i) => s + b.n * (Math.log(b.y) - shape[i]), 0) / total;
    const chi = bins.reduce(
      (s, b, i) => s + (b.n * (Math.log(b.y) - logLevel - shape[i]) ** 2) / LOG_VARIANCE_SPREAD,
      0,
    );
    return { level: Math.exp(logLevel), mix: t, chi, parameters: t === 0 || t === 1 ? 1 : 2 };
  };
  const relative = fit(0);
  if (bins.length < 3) return relative;
  const price = Math.log(bins.length);
  const counting = fit(1);
  let mixed = counting;
  for (let k = 1; k < GRID; k++) {
    const candidate = fit(k / GRID);
    if (candidate.chi < mixed.chi) mixed = candidate;
  }
  const scored = [
    { fit: relative, score: relative.chi },
    { fit: counting, score: counting.chi + price },
    { fit: mixed, score: mixed.chi + 2 * price },
  ];
  return scored.reduce((best, c) => (c.score < best.score ? c : best)).fit;
}

/** Per-leaf weight 1 / variance under the model (the inverse of the null variance of g). */
export function leafWeight(model: NoiseModel, scale: number): number {
  return 1 / (model.sigma * model.sigma + model.phi / scale);
}

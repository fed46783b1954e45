import { medianInPlace } from "../../stats/descriptive";
import type { NoiseModel } from "./types";

// The null model of one leaf: its relative change g (relative-change.ts) is centred on zero with
// variance sigma² + phi / m, where m = max(actual, expected). sigma is the forecast's relative
// error (the benchmark's only noise); phi / m is count noise (a segment with 4 orders moves by
// half of itself from week to week, one with 4,000 by 1.6 %), so small segments need a larger
// change to count. Both are fitted robustly from the leaves no element explains: the leaves are
// cut into bins by m, each bin gives a robust variance around zero (median |g| / 0.6745, which
// half of a bin's leaves being anomalous does not move), and a least-squares line through the bins
// against 1/m gives sigma² (intercept) and phi (slope), neither below zero.

const MAD_TO_VARIANCE = 1 / (0.6744897501960817 * 0.6744897501960817);
const BINS = 10;
const MIN_PER_BIN = 40;
/**
 * No forecast is better than 0.1 %: without a floor, a baseline that reproduces the data exactly
 * (a test fixture, a frozen feed) would make rounding errors infinitely significant.
 */
export const MIN_SIGMA = 1e-3;

/** Fits the noise model on the leaves listed in `leaves` (indices into g and scale). */
export function fitNoiseModel(g: Float64Array, scale: Float64Array, leaves: Int32Array): NoiseModel {
  const n = leaves.length;
  if (n === 0) return { sigma: MIN_SIGMA, phi: 0 };
  const order = Array.from(leaves).sort((a, b) => scale[a] - scale[b]);
  const binCount = Math.max(1, Math.min(BINS, Math.floor(n / MIN_PER_BIN)));
  const buffer = new Float64Array(Math.ceil(n / binCount) + 1);
  const xs: number[] = [];
  const ys: number[] = [];
  const ws: number[] = [];
  for (let b = 0; b < binCount; b++) {
    const from = Math.floor((b * n) / binCount);
    const to = Math.floor(((b + 1) * n) / binCount);
    for (let k = from; k < to; k++) buffer[k - from] = Math.abs(g[order[k]]);
    ys.push(medianInPlace(buffer, to - from) ** 2 * MAD_TO_VARIANCE);
    xs.push(1 / scale[order[(from + to) >> 1]]);
    ws.push(to - from);
  }
  const { intercept, slope } = nonNegativeLine(xs, ys, ws);
  return { sigma: Math.max(MIN_SIGMA, Math.sqrt(intercept)), phi: slope };
}

/**
 * Weighted least squares y = a + b·x with a, b ≥ 0. Bins are weighted by their size over their
 * variance squared (the variance of a variance estimate grows with its square), so the many
 * precise large-scale bins set sigma and the noisy small ones set phi.
 */
function nonNegativeLine(xs: number[], ys: number[], counts: number[]): { intercept: number; slope: number } {
  const ws = counts.map((c, i) => c / Math.max(ys[i], 1e-12) ** 2);
  let sw = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (let i = 0; i < xs.length; i++) {
    sw += ws[i];
    sx += ws[i] * xs[i];
    sy += ws[i] * ys[i];
    sxx += ws[i] * xs[i] * xs[i];
    sxy += ws[i] * xs[i] * ys[i];
  }
  const det = sw * sxx - sx * sx;
  if (det > 0) {
    const line = { intercept: (sxx * sy - sx * sxy) / det, slope: (sw * sxy - sx * sy) / det };
    if (line.intercept >= 0 && line.slope >= 0) return line;
  }
  // The unconstrained optimum lies outside the quadrant: the best line lies on one of its edges.
  const flat = { intercept: sy / sw, slope: 0 };
  const counting = { intercept: 0, slope: sxx > 0 ? Math.max(0, sxy / sxx) : 0 };
  const residual = (line: { intercept: number; slope: number }) =>
    xs.reduce((s, x, i) => s + ws[i] * (ys[i] - line.intercept - line.slope * x) ** 2, 0);
  return residual(counting) < residual(flat) ? counting : flat;
}

/** Per-leaf weight 1 / variance under the model (the inverse of the null variance of g). */
export function leafWeight(model: NoiseModel, scale: number): number {
  return 1 / (model.sigma * model.sigma + model.phi / scale);
}

import { ENGINE_CONFIG } from "../../config";
import type { CubeSeries } from "../../data/cube";
import type { SeriesModel } from "../../model/decompose";
import { clippedSquareMean, varianceAt } from "../../model/noise";
import { normalLineCost, normalMeanCost, poissonRateCost, type SegmentCost } from "./costs";
import { pelt } from "./pelt";
import { scanPValue } from "./scan-test";

// One change-point search: PELT over a series' seasonally adjusted values with a pluggable cost (a level per segment,
// or a line), each cut then tested against "no change in the window around it" (scan-test.ts). The costs' variances
// come from the series' noise model, so the search and the outlier test read the same noise.

/** Below this many events a period, a count's levels are searched as Poisson rates, not normal means. */
const POISSON_BELOW = 10;

export interface Cut {
  /** The first period of the new segment. */
  index: number;
  /** The window the cut was tested in: [from, to). */
  from: number;
  to: number;
  lr: number;
  pValue: number;
}

/** Weights of the adjusted values: one over their variance under the no-change model. */
function adjustedWeights(model: SeriesModel): Float64Array {
  const { series, season, expected, noise } = model;
  const w = new Float64Array(series.values.length);
  for (let i = 0; i < w.length; i++) {
    const weight = series.weights ? series.weights[i] : 1;
    const v = varianceAt(noise, Math.max(expected[i], 1e-9), weight) / (season[i] * season[i]);
    w[i] = Number.isFinite(series.values[i]) && v > 0 && weight > 0 ? 1 / v : 0;
  }
  return w;
}

/** The cost a series' levels are searched with: Poisson rates for a few events a period, else normal means. */
export function levelCost(model: SeriesModel): SegmentCost {
  const { series, season, noise } = model;
  const known = [...model.expected].filter((v, i) => Number.isFinite(v) && Number.isFinite(series.values[i]));
  const typical = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 0;
  if (series.family === "count" && typical < POISSON_BELOW)
    return poissonRateCost(series.values, season, 1 + noise.dispersion * typical);
  return normalMeanCost(model.adjusted, adjustedWeights(model));
}

export const lineCost = (model: SeriesModel): SegmentCost => normalLineCost(model.adjusted, adjustedWeights(model));

export const minSegment = (series: Pick<CubeSeries, "grain">) => ENGINE_CONFIG.minSegment[series.grain];

/**
 * The cuts of a series under `cost`, each with its likelihood ratio in the window between its neighbours and that
 * window's scan p-value; `inflation` divides the ratios (residual autocorrelation: periods that wander together carry
 * less evidence than their count says).
 */
export function searchCuts(cost: SegmentCost, series: CubeSeries, inflation = 1): Cut[] {
  const n = series.values.length;
  const size = minSegment(series);
  const penalty = ENGINE_CONFIG.penaltyPerLogN * cost.parameters * Math.log(Math.max(n, 3)) * inflation;
  const cuts = pelt(cost, n, penalty, size);
  const bounds = [0, ...cuts, n];
  return cuts.map((index, k) => {
    const from = bounds[k];
    const to = bounds[k + 2];
    const lr = Math.max(0, cost.error(from, to) - cost.error(from, index) - cost.error(index, to)) / inflation;
    return { index, from, to, lr, pValue: scanPValue(lr, to - from, size, cost.parameters) };
  });
}

/**
 * How much more the periods move together than the model's noise says: (1 + ρ) / (1 − ρ) for the lag-1
 * autocorrelation ρ of the standardised residuals about the segments' levels (1 when ρ ≤ 0). A level that wanders
 * from week to week makes neighbouring days move together, and their mean carries less evidence than their count.
 */
export function autocorrelationInflation(model: SeriesModel, cost: SegmentCost, cuts: readonly number[]): number {
  const n = model.adjusted.length;
  const w = adjustedWeights(model);
  const bounds = [0, ...cuts, n];
  const z = new Float64Array(n).fill(NaN);
  for (let k = 0; k + 1 < bounds.length; k++) {
    const level = cost.level(bounds[k], bounds[k + 1]);
    const slope = cost.slope(bounds[k], bounds[k + 1]);
    const mid = (bounds[k] + bounds[k + 1] - 1) / 2;
    for (let i = bounds[k]; i < bounds[k + 1]; i++)
      if (w[i] > 0) z[i] = (model.adjusted[i] - (level + slope * (i - mid))) * Math.sqrt(w[i]);
  }
  let num = 0;
  let den = 0;
  let clipped = 0;
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(z[i])) continue;
    clipped += Math.min(z[i] * z[i], CLIP * CLIP);
    count++;
    if (i > 0 && Number.isFinite(z[i - 1])) {
      num += z[i] * z[i - 1];
      den += z[i] * z[i];
    }
  }
  const rho = den > 0 ? Math.max(0, Math.min(0.8, num / den)) : 0;
  // Also the scatter about the segments' levels beyond the noise (a level that wanders inside a segment).
  const scatter = count > 0 ? Math.max(1, clipped / count / CLIPPED_UNIT) : 1;
  return (scatter * (1 + rho)) / (1 - rho);
}

const CLIP = ENGINE_CONFIG.noiseClip;
const CLIPPED_UNIT = clippedSquareMean(CLIP);

/** The cuts of a series, searched again with its residuals' autocorrelation taken into account when there is any. */
export function searchWithAutocorrelation(cost: SegmentCost, model: SeriesModel): Cut[] {
  const first = searchCuts(cost, model.series);
  const inflation = autocorrelationInflation(
    model,
    cost,
    first.map((c) => c.index),
  );
  return inflation > 1.05 ? searchCuts(cost, model.series, inflation) : first;
}

import { normalSurvival } from "../../stats/distributions";
import type { LeafSums } from "./element-sums";

// The test of one element: do its leaves share a change of their own? Under the null each leaf's
// relative change g is N(0, s²) (noise-model.ts). Under the alternative the element's leaves are
// N(μ, s² + τ²): a common change μ, around which the leaves may scatter by τ beyond their noise
// (a campaign falls 40 % overall, its ad groups by 30 % to 50 %). Leaving τ out would make any
// scatter inside an element look like sub-elements and break one affected segment into its
// leaves; with τ, a segment and the pieces of it compete on one likelihood.
//
// With W = Σ w, S = Σ w·g, Q = Σ w·g² and k leaves, μ̂ = S / W, and the residual chi-square is
// R = Q − S² / W. Taking each leaf's variance inflation as the element's average one (exact when
// the noise is the same for all leaves, as in the benchmark), the profile likelihood ratio is
//   LR = S² / W                       when R ≤ k   (τ̂ = 0: the fixed-effect test)
//   LR = Q − k − k·ln(R / k)          when R > k   (τ̂² = (R / k − 1) · k / W)
// Under the null, LR is a 50:50 mix of χ²₁ and χ²₂ (τ² = 0 lies on the edge of its range; a
// single leaf has no τ and is χ²₁).

export function likelihoodRatio(s: LeafSums): number {
  if (!(s.weight > 0) || s.count === 0) return 0;
  const fixed = (s.sum * s.sum) / s.weight;
  const residual = s.square - fixed;
  if (residual <= s.count) return fixed;
  return s.square - s.count - s.count * Math.log(residual / s.count);
}

/** The leaves' scatter τ beyond their noise, on the relative-change scale (0 when none). */
export function excessScatter(s: LeafSums): number {
  if (!(s.weight > 0) || s.count < 2) return 0;
  const residual = s.square - (s.sum * s.sum) / s.weight;
  return residual <= s.count ? 0 : Math.sqrt(((residual / s.count - 1) * s.count) / s.weight);
}

/** The p-value of a likelihood ratio under the null above (k = the element's informative leaves). */
export function likelihoodRatioP(lr: number, count: number): number {
  const oneDf = 2 * normalSurvival(Math.sqrt(Math.max(0, lr)));
  return count < 2 ? oneDf : 0.5 * oneDf + 0.5 * Math.exp(-lr / 2);
}

/** The likelihood ratio whose p-value is `p` (bisection on ln p, which stays exact far into the tail). */
export function likelihoodRatioFor(p: number, count: number): number {
  const target = Math.log(p);
  let low = 0;
  let high = 4000;
  for (let i = 0; i < 200 && high - low > 1e-9; i++) {
    const mid = (low + high) / 2;
    if (logP(mid, count) > target) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

function logP(lr: number, count: number): number {
  const p = likelihoodRatioP(lr, count);
  if (p > 0) return Math.log(p);
  // Past double precision: the tails' leading terms (χ²₂ dominates χ²₁ far out).
  return count < 2 ? -lr / 2 - 0.5 * Math.log((Math.PI * lr) / 2) : -lr / 2 - Math.LN2;
}

import { fSurvival } from "../../stats/distributions";
import type { LeafSums } from "./element-sums";

// The test of one element: do its leaves share a change of their own? Under the null each leaf's
// relative change g is N(0, s²) (noise-model.ts). Under the alternative the element's leaves are
// N(μ, s² + τ²): a common change μ, around which the leaves may scatter by τ beyond their noise
// (a campaign falls 40 % overall, its ad groups by 30 % to 50 %).
//
// With W = Σ w, S = Σ w·g, Q = Σ w·g² and k leaves, μ̂ = S / W and the residual chi-square is
// R = Q − S² / W. Taking each leaf's variance inflation as the element's average one (exact when
// the noise is the same for all leaves, as in the benchmark), the profile of −2 ln L over τ is
//   v(X) = X                    when X ≤ k   (τ̂ = 0)
//   v(X) = k + k·ln(X / k)      when X > k   (τ̂² = (X / k − 1) · k / W)
// with X = R around μ̂. Two statistics follow:
// - the fit, Q − v(R): the likelihood ratio of "N(μ, s² + τ²)" against the null. It compares
//   descriptions of the same leaves: one element whose leaves scatter, against each leaf on its
//   own (without τ, any scatter inside an affected segment would break it into its leaves);
// - the change: S² / W, the fixed-effect χ²₁ of μ, divided by the element's own overdispersion
//   max(1, R / (k − 1)) (the Birge ratio of meta-analysis; quasi-likelihood). This is the test an
//   element must pass. Scatter alone (tails heavier than the noise model's, a noise estimate a
//   little low) is not a change and must not make an element, though the fit rewards it; and a
//   change is only as sure as its leaves agree on it.

function profile(x: number, count: number): number {
  return x <= count ? x : count + count * Math.log(x / count);
}

function residual(s: LeafSums): number {
  return Math.max(0, s.square - (s.sum * s.sum) / s.weight);
}

/** The likelihood ratio of "a change with scatter" against "no change": compares descriptions. */
export function fitStatistic(s: LeafSums): number {
  if (!(s.weight > 0) || s.count === 0) return 0;
  return s.square - profile(residual(s), s.count);
}

/** The χ²₁ statistic of the change μ, scaled down by the leaves' overdispersion around it. */
export function changeStatistic(s: LeafSums): number {
  if (!(s.weight > 0) || s.count === 0) return 0;
  const fixed = (s.sum * s.sum) / s.weight;
  return s.count < 2 ? fixed : fixed / Math.max(1, residual(s) / (s.count - 1));
}

/** The leaves' scatter τ beyond their noise, on the relative-change scale (0 when none). */
export function excessScatter(s: LeafSums): number {
  if (!(s.weight > 0) || s.count < 2) return 0;
  const r = residual(s);
  return r <= s.count ? 0 : Math.sqrt(((r / s.count - 1) * s.count) / s.weight);
}

/**
 * The p-value of a change statistic. The noise variance is itself estimated, from about `df`
 * degrees of freedom (NoiseModel): the statistic is referred to F(1, df) rather than χ²₁, which
 * matters for a table of a few hundred leaves and not at all for 48,000.
 */
export function changeP(statistic: number, df: number): number {
  return statistic > 0 ? fSurvival(statistic, 1, df) : 1;
}

/** The change statistic whose p-value is `p` (bisection on ln p, which stays exact far into the tail). */
export function changeStatisticFor(p: number, df: number): number {
  const target = Math.log(p);
  const logP = (x: number) => {
    const q = changeP(x, df);
    // Past double precision: beyond any threshold.
    return q > 0 ? Math.log(q) : -Infinity;
  };
  let low = 0;
  let high = 1;
  while (logP(high) > target && high < 1e7) high *= 2;
  for (let i = 0; i < 200 && high - low > 1e-9 * high; i++) {
    const mid = (low + high) / 2;
    if (logP(mid) > target) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

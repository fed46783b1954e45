import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { changeP, changeStatistic, changeStatisticFor, excessScatter, fitStatistic } from "./element-test";
import type { LeafSums } from "./element-sums";

const sumsOf = (g: readonly number[], w = 1): LeafSums => ({
  count: g.length,
  weight: g.length * w,
  sum: g.reduce((s, x) => s + w * x, 0),
  square: g.reduce((s, x) => s + w * x * x, 0),
});

/** −2 ln L of g under N(mu, s² + tau²), with s² = 1 / w. */
const deviance = (g: readonly number[], w: number, mu: number, tau2: number) =>
  g.reduce((s, x) => s + Math.log(1 + tau2 * w) + ((x - mu) ** 2 * w) / (1 + tau2 * w), 0);

describe("the element test", () => {
  it("fit is the likelihood ratio of N(μ, s² + τ²) against N(0, s²), maximised over μ and τ", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 1, maxLength: 12 }),
        fc.double({ min: 1, max: 1e4, noNaN: true }),
        (g, w) => {
          const mu = g.reduce((s, x) => s + x, 0) / g.length;
          // The best τ² on a fine grid around the closed form, and zero.
          const residual = g.reduce((s, x) => s + (x - mu) ** 2 * w, 0);
          const best = Math.max(0, (residual / g.length - 1) / w);
          const grid = [0, best, best * 0.99, best * 1.01];
          const alternative = Math.min(...grid.map((t) => deviance(g, w, mu, t)));
          expect(fitStatistic(sumsOf(g, w))).toBeCloseTo(deviance(g, w, 0, 0) - alternative, 6);
        },
      ),
    );
  });

  it("change is the fixed-effect χ² of μ, shrunk by the leaves' own overdispersion", () => {
    // Leaves agreeing within their noise: the χ² itself.
    const tight = sumsOf([0.5, 0.5, 0.5, 0.5], 100);
    expect(changeStatistic(tight)).toBeCloseTo(100, 9);
    expect(excessScatter(tight)).toBe(0);
    // Leaves of one mean that scatter far beyond their noise: less sure, and the scatter measured.
    const scattered = sumsOf([0.3, 0.7, 0.3, 0.7], 100);
    expect(changeStatistic(scattered)).toBeCloseTo(100 / ((4 * 100 * 0.04) / 3), 9);
    expect(excessScatter(scattered)).toBeCloseTo(Math.sqrt(0.04 - 0.01), 9);
    // One leaf: nothing to measure scatter by.
    expect(changeStatistic(sumsOf([0.5], 100))).toBeCloseTo(25, 9);
  });

  it("does not count scatter around no change as a change", () => {
    const noise = sumsOf([0.4, -0.4, 0.4, -0.4, 0.4, -0.4], 100);
    expect(changeStatistic(noise)).toBe(0);
    expect(fitStatistic(noise)).toBeGreaterThan(20);
  });

  it("thresholds are the statistic at their p-value, far into the tail too", () => {
    for (const df of [5, 200, 1e6])
      for (const p of [0.05, 1e-6, 1e-12]) expect(changeP(changeStatisticFor(p, df), df) / p).toBeCloseTo(1, 6);
    expect(changeStatisticFor(0.05, 1e6)).toBeCloseTo(1.959964 ** 2, 3);
  });
});

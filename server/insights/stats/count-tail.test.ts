import { describe, expect, it } from "vitest";
import { countInterval, countTails, twoSidedCountP } from "./count-tail";

// Reference values from SciPy 1.17 (scipy.stats.poisson, and nbinom(n = mean / (dispersion − 1), p = 1 / dispersion)):
// upper = sf(x − 1) = P(X ≥ x), lower = cdf(x) = P(X ≤ x).
const REFERENCE: [x: number, mean: number, dispersion: number, upper: number, lower: number][] = [
  [19, 9, 1, 0.0024264021879805736, 0.998944046315641],
  [44, 9, 1, 5.620236739095678e-17, 1],
  [0, 5, 1, 1, 0.006737946999085468],
  [1, 5, 1, 0.9932620530009145, 0.04042768199451279],
  [30, 5, 2.5, 3.3320753564676784e-5, 0.9999785788392908],
  [0, 5, 2.5, 1, 0.04715560318259695],
  [12, 3.2, 1.4, 0.0017791473260313265, 0.9992312363081332],
  [7, 7.5, 1.8, 0.5637862841922726, 0.5474598337312564],
  [150, 6, 3, 5.050813888993368e-24, 1],
];

describe("count tails", () => {
  it("match SciPy's Poisson and negative binomial tails", () => {
    for (const [x, mean, dispersion, upper, lower] of REFERENCE) {
      const tails = countTails(x, mean, dispersion);
      expect(tails.upper / upper, `P(X ≥ ${x}) for mean ${mean}, dispersion ${dispersion}`).toBeCloseTo(1, 9);
      expect(tails.lower / lower, `P(X ≤ ${x}) for mean ${mean}, dispersion ${dispersion}`).toBeCloseTo(1, 9);
    }
  });

  it("judges a fractional count at the whole count on each tail's conservative side", () => {
    expect(countTails(18.6, 9, 1).upper).toBeCloseTo(countTails(18, 9, 1).upper, 15);
    expect(countTails(0.4, 5, 1).lower).toBeCloseTo(countTails(1, 5, 1).lower, 15);
  });

  it("gives a two-sided p-value of twice the smaller tail", () => {
    expect(twoSidedCountP(19, 9, 1)).toBeCloseTo(2 * 0.0024264021879805736, 12);
    expect(twoSidedCountP(9, 9, 1)).toBe(1);
  });

  it("puts the interval's ends where SciPy's quantiles are", () => {
    // poisson(9).ppf(0.025, 0.975) = 4, 15; nbinom for mean 5, dispersion 2.5: 0, 14; mean 3.2, 1.4: 0, 8.
    expect(countInterval(9, 1, 0.95)).toEqual({ low: 4, high: 15 });
    expect(countInterval(5, 2.5, 0.95)).toEqual({ low: 0, high: 14 });
    expect(countInterval(3.2, 1.4, 0.95)).toEqual({ low: 0, high: 8 });
  });

  it("calls a count unusual exactly outside its interval", () => {
    for (const [mean, dispersion] of [
      [9, 1],
      [4.2, 1.6],
      [7.7, 2.2],
    ]) {
      const { low, high } = countInterval(mean, dispersion, 0.95);
      for (let x = 0; x <= 40; x++)
        expect(twoSidedCountP(x, mean, dispersion) <= 0.05, `${x} of mean ${mean}`).toBe(x < low || x > high);
    }
  });
});

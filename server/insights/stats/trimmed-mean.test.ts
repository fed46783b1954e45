import { describe, expect, it } from "vitest";
import { gaussian, mulberry32 } from "@/lib/seeded-random";
import { prefixSums, trimCount, trimmedMeanLeavingOut, trimmedMeanVarianceFactor } from "./trimmed-mean";

/** The trimmed mean the slow way: sort what is left, drop `trimCount` at each end, average. */
function trimmedMean(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const g = trimCount(sorted.length);
  const kept = sorted.slice(g, sorted.length - g);
  return kept.reduce((a, b) => a + b, 0) / kept.length;
}

describe("trimmed mean", () => {
  it("cuts as scipy.stats.trim_mean(a, 0.2) does, whatever the outliers", () => {
    // scipy's rule: floor(0.2 × 15) = 3 values cut at each end (0.2, 0.95, 0.98 and 1.15, 1.2, 3.4); the nine kept
    // sum to 9.46, so 9.46 / 9 = 1.051111… (worked by hand).
    const a = [1.2, 0.95, 1.1, 1.05, 3.4, 1.0, 0.98, 1.12, 0.2, 1.07, 1.01, 0.99, 1.03, 1.15, 1.09];
    const sorted = Float64Array.from(a).sort();
    expect(trimmedMeanLeavingOut(sorted, prefixSums(sorted), sorted.length)).toBeCloseTo(9.46 / 9, 12);
  });

  it("leaves any one value out as a sort of the rest would", () => {
    const z = gaussian(mulberry32(3));
    for (const k of [1, 2, 3, 4, 5, 8, 13, 17, 30]) {
      const values = Array.from({ length: k }, () => z());
      const sorted = Float64Array.from(values).sort();
      const sums = prefixSums(sorted);
      expect(trimmedMeanLeavingOut(sorted, sums, k)).toBeCloseTo(trimmedMean(values), 12);
      for (let left = 0; left < k; left++) {
        const rest = [...sorted.slice(0, left), ...sorted.slice(left + 1)];
        if (rest.length === 0) expect(trimmedMeanLeavingOut(sorted, sums, left)).toBeNaN();
        else expect(trimmedMeanLeavingOut(sorted, sums, left)).toBeCloseTo(trimmedMean(rest), 12);
      }
    }
  });

  it("keeps the middle of 3 and 4 values, as their median", () => {
    expect(trimCount(3)).toBe(1);
    expect(trimCount(17)).toBe(3);
    const sorted = Float64Array.from([0.5, 1, 9]);
    expect(trimmedMeanLeavingOut(sorted, prefixSums(sorted), 3)).toBe(1);
  });

  it("states the large-sample variance at the normal (Stigler 1973), which a simulation agrees with", () => {
    // Reference values: the formula with the standard normal table's Φ⁻¹(0.9) = 1.2815516, φ = 0.1754983 (1.060394)
    // and Φ⁻¹(0.8) = 0.8416212, φ = 0.2799619 (1.144686).
    expect(trimmedMeanVarianceFactor(0)).toBe(1);
    expect(trimmedMeanVarianceFactor(0.1)).toBeCloseTo(1.060394, 5);
    expect(trimmedMeanVarianceFactor(0.2)).toBeCloseTo(1.144686, 5);
    expect(trimmedMeanVarianceFactor(0.4999)).toBeCloseTo(Math.PI / 2, 2);
    // 100 values, 20 cut at each end: the variance of 20,000 such means over the plain mean's.
    const z = gaussian(mulberry32(11));
    let trimmed = 0;
    let plain = 0;
    for (let round = 0; round < 20_000; round++) {
      const sorted = Float64Array.from({ length: 100 }, () => z()).sort();
      const sums = prefixSums(sorted);
      trimmed += trimmedMeanLeavingOut(sorted, sums, 100) ** 2;
      plain += (sums[100] / 100) ** 2;
    }
    expect(trimmed / plain).toBeGreaterThan(1.144686 * 0.95);
    expect(trimmed / plain).toBeLessThan(1.144686 * 1.05);
  });
});

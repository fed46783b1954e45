import { describe, expect, it } from "vitest";
import { standardDeviation, standardDeviationFromSums, winsorizedSigmaInPlace } from "./descriptive";
import { gaussian, mulberry32 } from "@/lib/seeded-random";

describe("winsorizedSigmaInPlace", () => {
  it("matches numpy on a sample with an outlier", () => {
    // Reference: numpy 2 — m = median(a); s0 = 1.482602218505602 * median(|a - m|);
    // d = clip(a - m, -2.5 s0, 2.5 s0); sqrt(sum(d²) / (n - 1) / 0.97756), where 0.97756 is
    // E[min(Z², 2.5²)] from scipy.stats.norm (2Φ(c) − 1 − 2cφ(c) + 2c²(1 − Φ(c))).
    const a = Float64Array.from([1.2, -0.4, 0.3, 2.1, -1.7, 0.0, 0.8, -0.2, 25.0, -0.9, 1.1, 0.5]);
    expect(winsorizedSigmaInPlace(a, a.length)).toBeCloseTo(1.335807029, 6);
  });

  it("estimates σ of Gaussian data without bias, and one bad day barely moves it", () => {
    const z = gaussian(mulberry32(7));
    const values = Float64Array.from({ length: 20_000 }, () => 3 * z());
    expect(winsorizedSigmaInPlace(values.slice(), values.length)).toBeCloseTo(3, 1);
    const small = Float64Array.from({ length: 60 }, () => z());
    const clean = winsorizedSigmaInPlace(small.slice(), 60);
    small[10] = 1_000;
    expect(winsorizedSigmaInPlace(small, 60) / clean).toBeLessThan(1.15);
  });
});

describe("standardDeviationFromSums", () => {
  it("is the sample standard deviation of the values summed", () => {
    const values = [1402, 1378, 1555, 1412, 1390, 1480];
    const sum = values.reduce((a, b) => a + b, 0);
    const squares = values.reduce((a, b) => a + b * b, 0);
    expect(standardDeviationFromSums(values.length, sum, squares)).toBeCloseTo(standardDeviation(values), 9);
    expect(standardDeviationFromSums(1, 5, 25)).toBe(0);
  });
});

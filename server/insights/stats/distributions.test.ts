import { describe, expect, it } from "vitest";
import { normalCdf, normalQuantile, studentTCdf, studentTQuantile, twoSidedStudentTP } from "./distributions";
import { mad, median, quantile, robustSigma } from "./descriptive";
import { comparisonRange, dayOfWeek } from "@/lib/dates";

describe("normal distribution", () => {
  it("matches reference values", () => {
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 12);
    expect(normalCdf(-3)).toBeCloseTo(0.0013498980316301, 14);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 10);
    expect(normalQuantile(0.5)).toBe(0);
    expect(normalQuantile(1e-10)).toBeCloseTo(-6.361340902404056, 8);
  });
  it("inverts its CDF across the range", () => {
    for (const p of [1e-8, 0.001, 0.02, 0.3, 0.7, 0.98, 0.999999])
      expect(normalCdf(normalQuantile(p))).toBeCloseTo(p, 12);
  });
});

describe("Student t distribution", () => {
  it("matches table quantiles", () => {
    expect(studentTQuantile(0.975, 1)).toBeCloseTo(12.7062047, 5);
    expect(studentTQuantile(0.975, 5)).toBeCloseTo(2.5705818, 6);
    expect(studentTQuantile(0.975, 30)).toBeCloseTo(2.0422725, 6);
    expect(studentTQuantile(0.95, 10)).toBeCloseTo(1.8124611, 6);
    expect(studentTQuantile(0.025, 12.5)).toBeCloseTo(-studentTQuantile(0.975, 12.5), 12);
  });
  it("inverts its CDF and gives two-sided p-values", () => {
    for (const df of [1, 2.5, 7, 40, 1000])
      for (const p of [0.6, 0.9, 0.995]) expect(studentTCdf(studentTQuantile(p, df), df)).toBeCloseTo(p, 10);
    expect(twoSidedStudentTP(2.2281389, 10)).toBeCloseTo(0.05, 6);
  });
});

describe("descriptive statistics", () => {
  it("computes robust summaries", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(quantile([1, 2, 3, 4], 0.25)).toBeCloseTo(1.75, 12);
    expect(mad([1, 1, 2, 2, 4, 6, 9])).toBe(1);
    expect(robustSigma([1, 1, 2, 2, 4, 6, 9, 1000])).toBeLessThan(5); // one outlier does not move it
  });
  it("aligns previous-year comparisons by weekday", () => {
    const r = comparisonRange("2026-03-01", "2026-03-31", "previous_year");
    expect(dayOfWeek(r.start)).toBe(dayOfWeek("2026-03-01"));
    expect(comparisonRange("2026-03-01", "2026-03-31", "previous_period")).toEqual({
      start: "2026-01-29",
      end: "2026-02-28",
    });
  });
});

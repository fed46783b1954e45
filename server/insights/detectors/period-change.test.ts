import { describe, expect, it } from "vitest";
import { periodChange } from "./period-change";
import { generateSeries, plant } from "./test-series";

const opts = { metric: "sessions", periodStart: "2025-03-01", periodEnd: "2025-03-28" };

describe("periodChange", () => {
  it("reports totals, change and a significant rise", () => {
    const s = plant(generateSeries({ days: 56, seed: 4 }), 28, 56, (v) => v * 1.1);
    const r = periodChange(s.slice(28), s.slice(0, 28), opts);
    const cur = s.slice(28).reduce((t, p) => t + p.value!, 0);
    const base = s.slice(0, 28).reduce((t, p) => t + p.value!, 0);
    expect(r.current).toBeCloseTo(cur, 9);
    expect(r.baseline).toBeCloseTo(base, 9);
    expect(r.change).toBeCloseTo(cur - base, 9);
    expect(r.changePct).toBeCloseTo((cur - base) / base, 12);
    expect(r.direction).toBe("up");
    expect(r.significant).toBe(true);
    expect(r.test).toBe("weekday_regression");
    expect(r.current).toBeGreaterThan(r.expectedHigh!);
  });

  it("finds a drop significant and keeps false positives within the confidence on noise", () => {
    const dropped = plant(generateSeries({ days: 56, seed: 8 }), 28, 56, (v) => v * 0.9);
    const d = periodChange(dropped.slice(28), dropped.slice(0, 28), opts);
    expect(d.direction).toBe("down");
    expect(d.significant).toBe(true);
    let falsePositives = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const s = generateSeries({ days: 56, seed });
      if (periodChange(s.slice(28), s.slice(0, 28), opts).significant) falsePositives++;
    }
    expect(falsePositives / 200).toBeLessThanOrEqual(0.07); // 5% nominal, binomial slack for 200 trials
  });

  it("counts days without data at their weekday's level, and names them", () => {
    const s = generateSeries({ days: 56, seed: 5 });
    const full = periodChange(s.slice(28), s.slice(0, 28), opts);
    // Two days of the period have no data (a tracking gap): summed as they are, the period lost 7 % of its days.
    const gap = s.slice(28).map((p, i) => (i === 10 || i === 11 ? { ...p, value: null } : p));
    const r = periodChange(gap, s.slice(0, 28), opts);
    expect(r.estimatedDays).toEqual([s[38].date, s[39].date]);
    expect(Math.abs(r.current / full.current - 1)).toBeLessThan(0.02);
    expect(r.baseline).toBe(full.baseline);
    expect(full.estimatedDays).toBeUndefined();
  });

  it("falls back to Welch's test for short periods and handles a zero baseline", () => {
    const s = generateSeries({ days: 6, seed: 1 });
    expect(periodChange(s.slice(3), s.slice(0, 3), opts).test).toBe("welch");
    const zero = s.map((p) => ({ ...p, value: 0 }));
    expect(periodChange(s.slice(3), zero.slice(0, 3), opts).changePct).toBeNull();
  });

  it("weighs a ratio's days by their denominator (weighted least squares)", () => {
    // Reference: numpy 2.4 lstsq on the rows scaled by √weight, scipy 8 t distribution (28 days,
    // weekday terms, df 20): effect 5.815273994253887, se 1.3782159689222462, p 0.0004211548156823551.
    const points = WEIGHTED_DAYS.map(([date, weight, value]) => ({ date, value, weight }));
    const r = periodChange(points.slice(14), points.slice(0, 14), {
      metric: "cpa",
      periodStart: "2026-03-15",
      periodEnd: "2026-03-28",
    });
    expect(r.dailyEffect).toBeCloseTo(5.815273994253887, 9);
    expect(r.pValue!).toBeCloseTo(0.0004211548156823551, 9);
    // Unweighted, the same days give another effect: the weights are used.
    const plain = periodChange(
      points.slice(14).map(({ date, value }) => ({ date, value })),
      points.slice(0, 14).map(({ date, value }) => ({ date, value })),
      { metric: "cpa", periodStart: "2026-03-15", periodEnd: "2026-03-28" },
    );
    expect(Math.abs(plain.dailyEffect - r.dailyEffect)).toBeGreaterThan(0.01);
  });
});

/** Days of a cost per conversion: date, conversions (the weight), cost per conversion. */
const WEIGHTED_DAYS: [string, number, number][] = [
  ["2026-03-01", 41, 25.0361],
  ["2026-03-02", 49, 29.1485],
  ["2026-03-03", 39, 34.3659],
  ["2026-03-04", 20, 30.5887],
  ["2026-03-05", 36, 26.8609],
  ["2026-03-06", 27, 33.4583],
  ["2026-03-07", 13, 31.8157],
  ["2026-03-08", 59, 26.1464],
  ["2026-03-09", 20, 38.5866],
  ["2026-03-10", 28, 30.9202],
  ["2026-03-11", 48, 29.7101],
  ["2026-03-12", 51, 26.0908],
  ["2026-03-13", 41, 28.1709],
  ["2026-03-14", 42, 27.3584],
  ["2026-03-15", 54, 35.7528],
  ["2026-03-16", 19, 32.1055],
  ["2026-03-17", 25, 40.78],
  ["2026-03-18", 42, 28.6985],
  ["2026-03-19", 34, 31.1559],
  ["2026-03-20", 54, 35.3214],
  ["2026-03-21", 47, 36.0869],
  ["2026-03-22", 43, 35.8336],
  ["2026-03-23", 23, 29.707],
  ["2026-03-24", 29, 33.8812],
  ["2026-03-25", 21, 27.483],
  ["2026-03-26", 49, 36.9248],
  ["2026-03-27", 20, 43.5366],
  ["2026-03-28", 43, 39.1472],
];

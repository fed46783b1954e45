import { describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import { mulberry32, poisson } from "@/lib/seeded-random";
import { countTails } from "../stats/count-tail";
import { twoSidedBaseline } from "../stats/two-sided-baseline";
import { judgeDays } from "./anomalies";
import { judgeCountDays } from "./count-days";

const START = "2026-01-05";
const WEEK = [1.1, 1.15, 1.1, 1.05, 1.0, 0.8, 0.8];

/** 86 days of a count of `mean` a day with weekly seasonality, its rate wandering so its variance is `dispersion`×. */
function countSeries(random: () => number, mean: number, dispersion: number) {
  const normal = () => Math.sqrt(-2 * Math.log(random())) * Math.cos(2 * Math.PI * random());
  // Marsaglia-Tsang gamma draws (shape ≥ 1 here) for the wandering rate, then Poisson draws.
  const gamma = (shape: number) => {
    const d = shape - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      let x: number;
      let v: number;
      do {
        x = normal();
        v = 1 + c * x;
      } while (v <= 0);
      v = v * v * v;
      if (Math.log(random()) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
    }
  };
  const count = poisson(random);
  return Array.from({ length: 86 }, (_, i) => {
    const m = mean * WEEK[i % 7];
    return { date: addDays(START, i), value: count(gamma(m / (dispersion - 1)) * (dispersion - 1)) };
  });
}

const judged = (series: { date: string; value: number }[]) =>
  twoSidedBaseline(series, { from: addDays(START, 56), to: addDays(START, 85), countDispersion: true });

describe("judging a few events a day as counts", () => {
  it("keeps ordinary days of a wandering count out at the stated rate, where the t interval does not", () => {
    // 5 leads a day, variance twice the mean. Calibrated: at p ≤ 0.001 the count test flagged 0-0.8× the stated
    // rate over 9 shapes (3-8 a day, variance 1-2.5× the mean); the t interval 2-10× it.
    const random = mulberry32(7);
    let days = 0;
    let counted = 0;
    let t = 0;
    for (let s = 0; s < 1500; s++) {
      const baseline = judged(countSeries(random, 5, 2));
      const options = { metric: "leads", minAbsoluteDeviation: 1 };
      const result = judgeCountDays(baseline, options);
      days += result.judgedDays;
      counted += result.findings.filter((f) => f.pValue <= 1e-3).length;
      t += judgeDays(baseline.points, options).findings.filter((f) => f.pValue <= 1e-3).length;
    }
    expect(days).toBe(1500 * 30);
    expect(counted / days).toBeLessThanOrEqual(1e-3);
    expect(t / days).toBeGreaterThan(3e-3);
  });

  it("judges a day of a series that never varied before as a Poisson count, not against a σ of 0", () => {
    const series = Array.from({ length: 86 }, (_, i) => ({ date: addDays(START, i), value: 5 }));
    series[80] = { date: addDays(START, 80), value: 20 };
    series[70] = { date: addDays(START, 70), value: 9 };
    const result = judgeCountDays(judged(series), { metric: "leads", minAbsoluteDeviation: 1 });
    // 20 where 5 were expected is that rare for a Poisson count; 9 is not (P(X ≥ 9) = 0.068 for a mean of 5).
    expect(result.findings.map((f) => f.date)).toEqual([addDays(START, 80)]);
    expect(result.findings[0].pValue).toBeLessThan(1e-4);
    expect(result.judgedDays).toBe(30);
  });

  it("finds a spam day with the count's own tail and an interval of whole counts", () => {
    const series = countSeries(mulberry32(3), 9, 1.3);
    const spamDay = addDays(START, 80);
    series[80] = { date: spamDay, value: series[80].value + 35 };
    const result = judgeCountDays(judged(series), { metric: "leads", minAbsoluteDeviation: 1 });
    const spam = result.findings.find((f) => f.date === spamDay)!;
    expect(spam.direction).toBe("up");
    expect(spam.pValue).toBeLessThan(1e-8);
    const point = result.points.find((p) => p.date === spamDay)!;
    // The p-value is twice the upper tail of the day's count, at the dispersion σ² / expected says.
    const dispersion = point.sigma! ** 2 / point.expected!;
    expect(dispersion).toBeGreaterThanOrEqual((1 + point.fitVariance!) * (1 - 1e-12));
    expect(spam.pValue).toBeCloseTo(2 * countTails(spam.actual, point.expected!, dispersion).upper, 12);
    expect(dispersion).toBeGreaterThanOrEqual(1);
    for (const p of result.points) {
      expect(Number.isInteger(p.low) && Number.isInteger(p.high)).toBe(true);
      expect(p.low!).toBeLessThanOrEqual(p.expected!);
    }
  });
});

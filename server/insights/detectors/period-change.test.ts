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

  it("falls back to Welch's test for short periods and handles a zero baseline", () => {
    const s = generateSeries({ days: 6, seed: 1 });
    expect(periodChange(s.slice(3), s.slice(0, 3), opts).test).toBe("welch");
    const zero = s.map((p) => ({ ...p, value: 0 }));
    expect(periodChange(s.slice(3), zero.slice(0, 3), opts).changePct).toBeNull();
  });
});

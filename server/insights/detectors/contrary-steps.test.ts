import { describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import type { DailyPoint } from "../types";
import type { LevelShiftFinding } from "./change-points";
import { stepContradictsItsDays, toldOnTheirDays, withoutContrarySteps } from "./contrary-steps";

// 60 days around 100 a day (±3, a fixed wobble), from day 40 on around 120 a day.
const series: DailyPoint[] = Array.from({ length: 60 }, (_, i) => ({
  date: addDays("2025-05-01", i),
  value: (i >= 40 ? 120 : 100) + ((i * 7) % 5) - 2,
}));
const index = new Map(series.map((p, i) => [p.date, i]));

const step = (change: number, extra: Partial<LevelShiftFinding> = {}): LevelShiftFinding => ({
  kind: "level_shift",
  metric: "impressions",
  dimension: null,
  dimensionValue: null,
  date: series[40].date,
  periodStart: series[40].date,
  periodEnd: series[59].date,
  current: 110 + change,
  baseline: 110,
  change,
  changePct: change / 110,
  expectedLow: 105,
  expectedHigh: 115,
  confidence: 0.95,
  direction: change > 0 ? "up" : "down",
  pValue: 0.001,
  score: 5,
  ...extra,
});

describe("a level shift against its own days", () => {
  it("contradicts them when it is told down while the days after it are higher than the days before", () => {
    // As a line-and-step fit on a rising series can read it: the rise was smaller than the line promised.
    expect(stepContradictsItsDays(step(-8), [step(-8)], series, index)).toBe(true);
    expect(withoutContrarySteps([step(-8)], series)).toEqual([]);
  });

  it("agrees with them when it moves their way, and keeps weekday steps and stretches as they were measured", () => {
    expect(stepContradictsItsDays(step(20), [step(20)], series, index)).toBe(false);
    expect(withoutContrarySteps([step(20)], series)).toHaveLength(1);
    expect(stepContradictsItsDays(step(-8, { weekdays: [1] }), [], series, index)).toBe(false);
    expect(stepContradictsItsDays(step(-8, { until: series[50].date }), [], series, index)).toBe(false);
  });

  it("reads the days before it back to the change before it only", () => {
    // A change on day 38 leaves two days before day 40: too few to judge, so the step is kept.
    const earlier = { ...step(20), date: series[38].date };
    expect(stepContradictsItsDays(step(-8), [earlier, step(-8)], series, index)).toBe(false);
  });
});

describe("a level shift told on its own days", () => {
  it("is stated at its days' means when they moved its way beyond their noise", () => {
    const [told] = toldOnTheirDays([step(20)], series, 0.95);
    expect(told).toMatchObject({ direction: "up" });
    expect(told.baseline).toBeCloseTo(100, 0);
    expect(told.current).toBeCloseTo(120, 0);
    expect(told.current).toBeGreaterThan(told.expectedHigh!);
  });

  it("is not told when its days stayed within the noise of the level before (the scan's line took the move)", () => {
    // The same wobble about 100 on both sides of day 40: a step the scan read off a line has no move of its days.
    const flat = series.map((p, i) => ({ ...p, value: 100 + ((i * 7) % 5) - 2 + (i >= 40 ? 0.4 : 0) }));
    expect(toldOnTheirDays([step(-3)], flat, 0.95)).toEqual([]);
    expect(toldOnTheirDays([step(3)], flat, 0.95)).toEqual([]);
  });
});

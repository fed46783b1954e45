import { describe, expect, it } from "vitest";
import { addDays, dayOfWeek } from "@/lib/dates";
import type { DailyPoint } from "../types";
import { stepsOnTheirDays, withRestated, type DaysOf } from "./steps-on-their-days";

// 56 days from Monday Sep 1, 2025: a week of 1,000 on weekdays and 600 at the weekend (±20, a fixed wobble), from day
// 42 (Oct 13) on at 1.3 times that. The weekly shape is no noise: a range made of the raw daily spread (±200 a day)
// would hold a step of 20 % within it; the days' distance from their weekday's mean (±20) does not.
const START = "2025-09-01";
const STEP_DAY = 42;
const base = (i: number) => {
  const weekday = dayOfWeek(addDays(START, i));
  return (weekday === 0 || weekday === 6 ? 600 : 1000) + ((i * 7) % 5) * 10 - 20;
};

function seriesOf(value: (i: number) => number): DailyPoint[] {
  return Array.from({ length: 56 }, (_, i) => ({ date: addDays(START, i), value: value(i) }));
}

const daysFrom =
  (series: readonly DailyPoint[]): DaysOf =>
  (_f, from, to) =>
    series.filter((p) => p.date >= from && p.date <= to);

const step = (extra: Record<string, unknown> = {}) => ({
  kind: "level_shift",
  metric: "sessions",
  dimension: null,
  dimensionValue: null,
  date: addDays(START, STEP_DAY),
  periodStart: addDays(START, STEP_DAY),
  periodEnd: addDays(START, 55),
  baseline: 886,
  current: 2400,
  change: 1514,
  changePct: 1.71,
  expectedLow: 850,
  expectedHigh: 920,
  confidence: 0.95,
  direction: "up",
  pValue: 1e-6,
  effectSize: 30,
  ...extra,
});

const day = (i: number) => ({
  kind: "anomaly",
  metric: "sessions",
  dimension: null,
  dimensionValue: null,
  periodStart: addDays(START, i),
  periodEnd: addDays(START, i),
  baseline: 1000,
  current: 6000,
  change: 5000,
});

const options = { periodEnd: addDays(START, 55), onlyBesideUnusualDays: true };
/** A news story's first three days at six times the level, then the new level. */
const opening = (i: number) => (i >= STEP_DAY && i < STEP_DAY + 3 ? 6 : i >= STEP_DAY ? 1.3 : 1) * base(i);

describe("a step stated on its days, less the report's unusual days", () => {
  it("states its levels without the days told as unusual, its range from the weekday-adjusted noise", () => {
    const series = seriesOf(opening);
    const s = step();
    const findings = [s, day(STEP_DAY), day(STEP_DAY + 1), day(STEP_DAY + 2)];
    const restated = stepsOnTheirDays(findings, daysFrom(series), options);
    const told = restated.get(s) as ReturnType<typeof step>;
    // The days after the three unusual ones (four weekend days of eleven), against the days before weighed as they
    // are: 1.3 times the level before.
    expect(told.current / told.baseline).toBeGreaterThan(1.27);
    expect(told.current / told.baseline).toBeLessThan(1.33);
    expect(told.baseline).toBeGreaterThan(830);
    expect(told.baseline).toBeLessThan(880);
    expect(told.direction).toBe("up");
    expect(told.change).toBeCloseTo(told.current - told.baseline, 9);
    // Where the mean of the days after falls without a change: the level before, give or take a few tens (the
    // weekday-adjusted noise), not give or take the weekend's 400 a day.
    expect(told.expectedLow).toBeGreaterThan(told.baseline - 60);
    expect(told.expectedHigh).toBeLessThan(told.baseline + 60);
    expect(told.current).toBeGreaterThan(told.expectedHigh);
    // The scan's test and date are the step's; its size in noise units moves with its change.
    expect([told.pValue, told.date]).toEqual([s.pValue, s.date]);
    expect(told.effectSize).toBeCloseTo((30 * told.change) / s.change, 9);
    expect(withRestated(findings, restated)).toEqual([told, ...findings.slice(1)]);
  });

  it("drops a step whose days, without its unusual days, no longer move the way it says", () => {
    // Three days at six times the level, then the level before: the unusual days were the whole move.
    const series = seriesOf((i) => (i >= STEP_DAY && i < STEP_DAY + 3 ? 6 : 0.97) * base(i));
    const s = step();
    const findings = [s, day(STEP_DAY), day(STEP_DAY + 1), day(STEP_DAY + 2)];
    const restated = stepsOnTheirDays(findings, daysFrom(series), options);
    expect(restated.get(s)).toBeNull();
    expect(withRestated(findings, restated)).toEqual(findings.slice(1));
  });

  it("drops a step whose days, without its unusual days, stay within the noise of the level before", () => {
    // Up by 1 % once the three days are left out: within the two means' noise, the move was those days.
    const series = seriesOf((i) => (i >= STEP_DAY && i < STEP_DAY + 3 ? 6 : i >= STEP_DAY ? 1.01 : 1) * base(i));
    const s = step();
    const findings = [s, day(STEP_DAY), day(STEP_DAY + 1), day(STEP_DAY + 2)];
    expect(stepsOnTheirDays(findings, daysFrom(series), options).get(s)).toBeNull();
  });

  it("leaves a step with no unusual day on its days as its scan stated it (v2), or states every one (v3)", () => {
    const series = seriesOf((i) => (i >= STEP_DAY ? 1.3 : 1) * base(i));
    const s = step({ baseline: 880, current: 1150, change: 270 });
    expect(stepsOnTheirDays([s, day(5)], daysFrom(series), options).size).toBe(0);
    const told = stepsOnTheirDays([s], daysFrom(series), { ...options, onlyBesideUnusualDays: false }).get(s);
    expect((told as ReturnType<typeof step>).current).toBeGreaterThan(1100);
  });

  it("leaves weekday steps, stops, weeks and ratios alone", () => {
    const series = seriesOf(opening);
    const days = [day(STEP_DAY), day(STEP_DAY + 1), day(STEP_DAY + 2)];
    for (const s of [
      step({ weekdays: [1, 2] }),
      step({ shape: "stop" }),
      step({ grain: "week" }),
      step({ metric: "conversion_rate" }),
    ])
      expect(stepsOnTheirDays([s, ...days], daysFrom(series), options).has(s)).toBe(false);
  });

  it("reads a short side's noise from the other side's weekday-adjusted noise", () => {
    // A step on the data's last four days, a Thursday to a Sunday: their own spread is the week's shape. The report's
    // unusual day is in the weeks before it.
    const series = seriesOf((i) => (i >= 52 ? 0.8 : 1) * base(i));
    const s = step({ date: addDays(START, 52), periodStart: addDays(START, 52), current: 640, change: -160 });
    const findings = [s, day(45)];
    const told = stepsOnTheirDays(findings, daysFrom(series), options).get(s) as ReturnType<typeof step> | null;
    expect(told!.direction).toBe("down");
    expect(told!.current).toBeLessThan(told!.expectedLow);
    expect(told!.expectedHigh - told!.expectedLow).toBeLessThan(200);
  });
});

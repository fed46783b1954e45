import { describe, expect, it } from "vitest";
import { addDays, dayOfWeek } from "@/lib/dates";
import { mulberry32, poisson } from "@/lib/seeded-random";
import type { DailyPoint } from "../types";
import { SHOP_WEEK } from "./test-series";
import { detectChangePoints, type LevelShiftFinding } from "./change-points";
import { stoppedSeries } from "./stopped-series";

// A series whose last days are all zero after weeks of a few a day (stopped-series.ts). Reference values by hand:
// e^(−λ·n) is the Poisson chance of n empty days at λ a day, s^n that of n days at a share s of empty days.

const END = "2026-11-20";

/** 86 days of Poisson counts around `mean` a day with the shop's week, `stopped` last days at zero. */
function counts(seed: number, mean: number, stopped: number): DailyPoint[] {
  const draw = poisson(mulberry32(seed));
  return Array.from({ length: 86 }, (_, i) => {
    const date = addDays(END, i - 85);
    return { date, value: i >= 86 - stopped ? 0 : draw(mean * SHOP_WEEK[dayOfWeek(date)]) };
  });
}

const shifts = (series: DailyPoint[], metric = "conversions") =>
  detectChangePoints(series, { metric, maxChanges: 3, minDaysAtEnd: 4 }).filter(
    (f): f is LevelShiftFinding => f.kind === "level_shift",
  );

describe("a series that stopped", () => {
  it("is a level shift to zero from its first empty day, where the scan's line took a campaign's 3 a day", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const series = counts(seed, 3, 13);
      const [shift, ...more] = shifts(series).filter((f) => f.date >= addDays(END, -20));
      expect(more).toEqual([]);
      // Dated at the run's first zero: the planted first day or a chance zero the day before it.
      expect([addDays(END, -12), addDays(END, -13)]).toContain(shift.date);
      // At none a day (the stop), or at what the scan's own step left (a fraction of an event a day).
      expect(shift.direction).toBe("down");
      expect(shift.current).toBeLessThan(0.5);
      expect(shift.baseline).toBeGreaterThan(2);
      expect(shift.baseline).toBeLessThan(4);
      // News at any report's bar (the scan's own step, where it dated one there, or the run's 13 empty days).
      expect(shift.pValue).toBeLessThan(1e-5);
    }
  });

  it("holds the run to the level's lower bound and the share of empty days before it", () => {
    // 28 days of exactly 2 a day, then 6 empty days: sum 56, lower bound (56 − 2√56)/28 = 1.4655 a day;
    // e^(−1.4655·6) = 1.518·10⁻⁴ against (0 + 1)/(28 + 2) = 1/30 to the 6th = 1.37·10⁻⁹; doubled: 3.036·10⁻⁴.
    const series: DailyPoint[] = Array.from({ length: 34 }, (_, i) => ({
      date: addDays(END, i - 33),
      value: i < 28 ? 2 : 0,
    }));
    const stop = stoppedSeries(series, { metric: "leads" }, 4)!;
    expect(stop.pValue).toBeCloseTo(2 * Math.exp(-((56 - 2 * Math.sqrt(56)) / 28) * 6), 12);
    expect(stop.pValue).toBeCloseTo(3.036e-4, 7);
    expect(stop).toMatchObject({ date: addDays(END, -5), baseline: 2, current: 0, change: -2 });
    // An amount has no Poisson bound: the share of empty days alone, 2·(1/30)⁶.
    expect(stoppedSeries(series, { metric: "revenue" }, 4)!.pValue).toBeCloseTo(2 / 30 ** 6, 15);
    // A rate or a position is not a count that can stop.
    expect(stoppedSeries(series, { metric: "conversionRate" }, 4)).toBeNull();
  });

  it("is not news where empty days were common before, nor on fewer days than asked", () => {
    // About 1 a day: 4 empty days in a row happen about once in 55 runs of 4 days.
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const stop = stoppedSeries(counts(seed, 1, 4), { metric: "leads" }, 4);
      expect(stop === null || stop.pValue > 1e-3).toBe(true);
    }
    // A third of the days empty before (9 of the 28 before the run of 7, which takes the last patchy day with it):
    // ((9 + 1)/30)⁷, doubled 9.1·10⁻⁴, not the Poisson chance at 4 a day (10⁻⁸): short of a report's bar.
    const patchy: DailyPoint[] = Array.from({ length: 40 }, (_, i) => ({
      date: addDays(END, i - 39),
      value: i >= 34 ? 0 : i % 3 === 0 ? 0 : 6,
    }));
    expect(stoppedSeries(patchy, { metric: "leads" }, 4)!.pValue).toBeCloseTo(2 * (10 / 30) ** 7, 9);
    expect(stoppedSeries(counts(1, 3, 3), { metric: "leads" }, 4)).toBeNull();
  });

  it("leaves a step the scan dated at the run's start as the scan found it", () => {
    // 40 a day, then none for 10 days: the scan dates the step itself.
    const series = counts(7, 40, 10);
    const found = shifts(series, "leads");
    expect(found.filter((f) => f.date >= addDays(END, -20))).toHaveLength(1);
    expect(found.find((f) => f.date === addDays(END, -9))?.current).toBe(0);
  });
});

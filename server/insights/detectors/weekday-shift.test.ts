import { describe, expect, it } from "vitest";
import { addDays, dayNumber, dayOfWeek } from "@/lib/dates";
import type { DailyPoint } from "../types";
import { weeklyCounts } from "./test-series";
import { detectChangePoints, type LevelShiftFinding } from "./change-points";
import { withoutWeekdayShiftDays } from "./weekday-shift";

// A step only some weekdays take (weekend ads switched off, Sundays opened) is one shift of those weekdays, dated on
// the first of them; a step of every day is still a step of every day (weekday-shift.ts).

const FROM = "2026-10-31"; // a Saturday, three weekends before the end
const weekend = (date: string) => dayOfWeek(date) === 0 || dayOfWeek(date) === 6;
const shifts = (series: DailyPoint[]) =>
  detectChangePoints(series, { metric: "sessions" }).filter((f): f is LevelShiftFinding => f.kind === "level_shift");

describe("a level shift of some weekdays", () => {
  it("is one shift of those weekdays from the first of them, with their levels and the other days'", () => {
    for (const seed of [1, 2, 3, 4]) {
      // Weekend ads switched off: 90 % of the weekend's sessions gone.
      const found = shifts(weeklyCounts(seed, 500, (date) => (date >= FROM && weekend(date) ? 0.1 : 1)));
      expect(found).toHaveLength(1);
      const [shift] = found;
      expect(shift.weekdays).toEqual([0, 6]);
      expect(shift.date).toBe(FROM);
      expect(shift.direction).toBe("down");
      expect(shift.weekdayBaseline!).toBeGreaterThan(350);
      expect(shift.weekdayBaseline!).toBeLessThan(400);
      expect(shift.weekdayCurrent!).toBeGreaterThan(25);
      expect(shift.weekdayCurrent!).toBeLessThan(50);
      expect(shift.otherDaysLevel!).toBeGreaterThan(520);
      expect(shift.otherDaysLevel!).toBeLessThan(560);
      // Each day of a week lost 2/7 of the weekend's 337.5: what the period's days add up to.
      expect(shift.change).toBeGreaterThan(-110);
      expect(shift.change).toBeLessThan(-82);
      expect(shift.changePct!).toBeCloseTo(-0.9, 1);
    }
  });

  it("finds a weekend's rise", () => {
    // A weekend offer from Oct 31: Saturdays and Sundays as busy as the weekdays.
    const found = shifts(weeklyCounts(5, 500, (date) => (date >= FROM && weekend(date) ? 1.45 : 1)));
    expect(found).toHaveLength(1);
    expect(found[0].weekdays).toEqual([0, 6]);
    expect(found[0].date).toBe(FROM);
    expect(found[0].direction).toBe("up");
    expect(found[0].changePct!).toBeCloseTo(0.45, 1);
  });

  it("finds the weekdays' step when the weekends kept their level", () => {
    // Ads scheduled on weekdays only, from Monday 2 November: Monday to Friday 40 % busier. The spike clipping had read
    // the weekends beside them as low and pulled them up, so they seemed to have moved too.
    for (const seed of [15, 16]) {
      const found = shifts(weeklyCounts(seed, 500, (date) => (date >= "2026-11-02" && !weekend(date) ? 1.4 : 1)));
      expect(found).toHaveLength(1);
      expect(found[0].weekdays).toEqual([1, 2, 3, 4, 5]);
      expect(found[0].date).toBe("2026-11-02");
      expect(found[0].changePct!).toBeCloseTo(0.4, 1);
    }
  });

  it("finds one weekday's step, whose days the scan over every day clips as outliers", () => {
    // Closed on Sundays from Oct 25: four Sundays at 30 % of their level.
    for (const seed of [11, 12, 13]) {
      const found = shifts(
        weeklyCounts(seed, 500, (date) => (date >= "2026-10-25" && dayOfWeek(date) === 0 ? 0.3 : 1)),
      );
      expect(found).toHaveLength(1);
      expect(found[0].weekdays).toEqual([0]);
      expect(found[0].date).toBe("2026-10-25");
      expect(found[0].direction).toBe("down");
      expect(found[0].changePct!).toBeCloseTo(-0.7, 1);
      expect(found[0].pValue).toBeLessThan(1e-6);
    }
  });

  it("takes a holiday Monday and a quiet one after it for days, not a step of Mondays", () => {
    for (const [holiday, quiet] of [
      [0.4, 0.93],
      [0.3, 0.85],
    ])
      expect(
        shifts(weeklyCounts(14, 500, (date) => (date === "2026-11-02" ? holiday : date === "2026-11-09" ? quiet : 1))),
      ).toEqual([]);
  });

  it("leaves a step of every day a step of every day", () => {
    for (const seed of [6, 7, 8]) {
      const found = shifts(weeklyCounts(seed, 500, (date) => (date >= FROM ? 0.6 : 1)));
      expect(found).toHaveLength(1);
      expect(found[0].weekdays).toBeUndefined();
      expect(Math.abs(dayNumber(found[0].date) - dayNumber(FROM))).toBeLessThanOrEqual(1);
    }
  });

  it("finds none in noise", () => {
    let confined = 0;
    for (let seed = 10; seed < 70; seed++) confined += shifts(weeklyCounts(seed, 300)).filter((f) => f.weekdays).length;
    expect(confined).toBe(0);
  });

  it("reads a season's rise of every day as no weekday's step", () => {
    // A noise shop's Email sessions over the 86 days a segment's scan reads, a year's season lifting them by about a
    // third (Poisson counts). Its Thursdays, against their own weeks before only, had "shifted from about 89 to 112 a
    // day from Oct 29 (+26.6%) … the other days of the week stayed at about 91 a day" (p = 8·10⁻⁵): the other days
    // had risen too. Against their change over the same weeks, the Thursdays' is noise.
    const values = [
      85, 72, 56, 48, 84, 88, 98, 81, 74, 61, 51, 95, 85, 82, 80, 79, 63, 57, 78, 81, 85, 69, 80, 70, 51, 96, 97, 74,
      79, 80, 52, 55, 72, 98, 97, 86, 95, 64, 62, 103, 105, 112, 81, 80, 62, 56, 82, 86, 118, 97, 91, 68, 64, 95, 95,
      122, 90, 91, 72, 74, 109, 117, 105, 106, 78, 81, 58, 97, 131, 101, 112, 91, 80, 75, 96, 113, 100, 109, 96, 75, 69,
      96, 97, 95, 121, 97,
    ];
    const series = values.map((value, i) => ({ date: addDays("2026-08-27", i), value }));
    const found = detectChangePoints(series, {
      metric: "sessions",
      maxChanges: 3,
      minDaysAtEnd: 4,
      minKinkDaysAtEnd: 14,
    });
    expect(found.filter((f) => f.kind === "level_shift" && f.weekdays)).toEqual([]);
  });

  it("leaves its own days out of the one-day tests, and only those", () => {
    const series = weeklyCounts(9, 500, (date) => (date >= FROM && weekend(date) ? 0.1 : 1));
    const [shift] = shifts(series);
    const judged = withoutWeekdayShiftDays(series, [shift]);
    for (let i = 0; i < series.length; i++) {
      const theirs = series[i].date >= FROM && weekend(series[i].date);
      expect(judged[i].value).toBe(theirs ? null : series[i].value);
    }
    expect(withoutWeekdayShiftDays(series, [{ kind: "level_shift", date: FROM }])).toBe(series);
  });
});

import { describe, expect, it } from "vitest";
import { addDays, dayNumber } from "@/lib/dates";
import { detectChangePoints, reachesFrom, withoutStretchEnds, type LevelShiftFinding } from "./change-points";
import { gaussian, mulberry32 } from "@/lib/seeded-random";
import { generateSeries, plant, weeklyCounts } from "./test-series";

const days = (a: string, b: string) => Math.abs(dayNumber(a) - dayNumber(b));

describe("detectChangePoints", () => {
  it("finds a planted level shift within ±2 days with the right sign and size", () => {
    for (const seed of [1, 2, 3]) {
      const s = plant(generateSeries({ days: 400, seed }), 250, 400, (v) => v * 0.85);
      const found = detectChangePoints(s, { metric: "sessions" });
      expect(found).toHaveLength(1);
      const shift = found[0];
      expect(shift.kind).toBe("level_shift");
      expect(days(shift.date, s[250].date)).toBeLessThanOrEqual(2);
      expect(shift.direction).toBe("down");
      expect(shift.changePct!).toBeCloseTo(-0.15, 1);
      expect(shift.pValue).toBeLessThan(0.05);
    }
  });

  it("finds a planted trend change within ±7 days", () => {
    for (const seed of [4, 5, 6]) {
      const s = plant(generateSeries({ days: 400, seed }), 200, 400, (v, i) => v - 1.5 * (i - 200));
      const found = detectChangePoints(s, { metric: "sessions" });
      const trend = found.find((f) => f.kind === "trend");
      expect(trend).toBeDefined();
      expect(days(trend!.date, s[200].date)).toBeLessThanOrEqual(7);
      expect(trend!.direction).toBe("down");
      expect(trend!.current).toBeCloseTo(-1.5, 0); // slope per day after the change
      expect(found.filter((f) => f.kind === "level_shift")).toHaveLength(0);
    }
  });

  it("ignores a steady trend and a single spike, and stays quiet on pure noise", () => {
    const trending = generateSeries({ days: 400, seed: 8 }).map((p, i) => ({ ...p, value: p.value! + i }));
    expect(detectChangePoints(trending, { metric: "sessions" })).toHaveLength(0);
    const spiked = plant(generateSeries({ days: 400, seed: 9 }), 390, 391, (v) => v * 3);
    expect(detectChangePoints(spiked, { metric: "sessions" })).toHaveLength(0);
    let noisy = 0;
    for (let seed = 1; seed <= 100; seed++)
      if (detectChangePoints(generateSeries({ days: 400, seed: 1000 + seed }), { metric: "sessions" }).length > 0)
        noisy++;
    expect(noisy / 100).toBeLessThanOrEqual(0.05);
  });

  it("reads the noise of a small count right: 2 to 5 conversions a day repeating their values hold no shift", () => {
    // A synthetic segment's 45 days of noise (the generator's Social channel, conversions): half the day-to-day
    // differences are 0, where a MAD of differences alone gave σ = 0.12 and a 0.8-a-day "shift" p = 1e-15.
    const values = [
      2, 5, 4, 4, 3, 3, 3, 2, 4, 3, 4, 3, 3, 2, 2, 3, 5, 4, 5, 4, 2, 2, 2, 3, 4, 2, 3, 2, 2, 4, 4, 4, 4, 3,
    ];
    const more = [2, 2, 4, 4, 4, 3, 3, 2, 2, 4, 3];
    const series = [...values, ...more].map((value, i) => ({ date: addDays("2026-02-15", i), value }));
    expect(detectChangePoints(series, { metric: "conversions", maxChanges: 3 })).toEqual([]);
  });

  it("holds a small count's noise to a Poisson count's at the least: no more false steps than the level allows", () => {
    // Orders of 6 and 12 a day with a weekly pattern, drawn as Poisson counts over the 86 days a segment's scan reads.
    // Their σ from 85 differences comes out a fifth low often enough (2.7 where a Poisson count's is 3.5) that 4.2 %
    // of such series held a "step" at 95 % (a noise shop's Paid Search orders "shifted from about 13 to 10 a day");
    // with the floor, 2.0 %.
    let stepped = 0;
    const tries = 500;
    for (const mean of [6, 12])
      for (let seed = 1; seed <= tries / 2; seed++) {
        const random = mulberry32(seed * 7 + mean);
        const series = Array.from({ length: 86 }, (_, i) => {
          const date = addDays("2026-08-27", i);
          return { date, value: poissonDraw(mean * WEEK[new Date(`${date}T00:00:00Z`).getUTCDay()], random) };
        });
        const found = detectChangePoints(series, { metric: "transactions", maxChanges: 3, minDaysAtEnd: 4 });
        if (found.length > 0) stepped++;
      }
    expect(stepped / tries).toBeLessThanOrEqual(0.03);
  });

  it("dates a drop on the data's last days as a step when asked to, with its level never below zero", () => {
    // A lead form that stopped on the last 6 days: 15 leads a day (Poisson), then none. With a week after every change
    // the scan bent a kink to those days instead; a step from the first day without a lead read "-1 a day".
    const endOptions = { metric: "leads", maxChanges: 3, minDaysAtEnd: 3, minKinkDaysAtEnd: 14 };
    let dated = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const noise = gaussian(mulberry32(seed));
      const series = Array.from({ length: 120 }, (_, i) => ({
        date: addDays("2026-07-24", i),
        value: i >= 114 ? 0 : Math.max(0, Math.round(15 + Math.sqrt(15) * noise())),
      }));
      const shifts = detectChangePoints(series, endOptions).filter((f) => f.kind === "level_shift");
      const drop = shifts.find((f) => days(f.date, series[114].date) <= 1);
      if (!drop) continue;
      dated++;
      // Deseasonalised additively (the series has zeros), a week's none reads about 0 to 1 a day.
      expect(drop.current).toBeGreaterThanOrEqual(0);
      expect(drop.current).toBeLessThan(2);
      expect(drop.changePct).toBeLessThan(-0.85);
      // By default a step needs a week after it: none is dated in the last 6 days.
      const byDefault = detectChangePoints(series, { metric: "leads", maxChanges: 3 });
      expect(byDefault.filter((f) => f.kind === "level_shift" && f.date >= series[114].date)).toEqual([]);
    }
    expect(dated).toBeGreaterThanOrEqual(19);
  });

  it("stays quiet on noise with the data's last days open to a step", () => {
    let noisy = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const found = detectChangePoints(generateSeries({ days: 120, seed: 2000 + seed }), {
        metric: "sessions",
        maxChanges: 3,
        minDaysAtEnd: 3,
        minKinkDaysAtEnd: 14,
      });
      if (found.length > 0) noisy++;
    }
    expect(noisy / 200).toBeLessThanOrEqual(0.05);
  });

  describe("a level that came back (a stretch)", () => {
    const shifts = (found: ReturnType<typeof detectChangePoints>) => found as LevelShiftFinding[];

    it("tells three weeks at 1.8 times the level and back as one stretch, its levels read from its own days", () => {
      for (const seed of [11, 12, 13]) {
        const s = plant(generateSeries({ days: 120, seed }), 70, 91, (v) => v * 1.8);
        const found = shifts(detectChangePoints(s, { metric: "sessions" }));
        expect(found).toHaveLength(2);
        const [rise, end] = found;
        expect(days(rise.date, s[70].date)).toBeLessThanOrEqual(1);
        expect(days(rise.until!, s[90].date)).toBeLessThanOrEqual(1);
        expect(rise.periodEnd).toBe(rise.until);
        expect(end.endsStretchFrom).toBe(rise.date);
        // Level 1,000 (the weekly profile averages 0.964 of it), 1.8 times that during, and back.
        expect(rise.baseline).toBeCloseTo(964, -2);
        expect(rise.current / rise.baseline).toBeCloseTo(1.8, 1);
        expect(rise.backTo! / rise.baseline).toBeCloseTo(1, 1);
        expect(rise.changePct).toBeCloseTo(0.8, 1);
        expect(withoutStretchEnds(found)).toEqual([rise]);
      }
    });

    it("keeps two steps when the level went only part of the way back, or on the same way", () => {
      const partly = plant(
        plant(generateSeries({ days: 120, seed: 14 }), 70, 120, (v) => v * 1.8),
        91,
        120,
        (v) => v * 0.75,
      );
      const found = shifts(detectChangePoints(partly, { metric: "sessions" }));
      expect(found).toHaveLength(2);
      expect(found.some((f) => f.until || f.endsStretchFrom)).toBe(false);
      const twice = plant(
        plant(generateSeries({ days: 120, seed: 15 }), 70, 120, (v) => v * 1.4),
        91,
        120,
        (v) => v * 1.4,
      );
      expect(shifts(detectChangePoints(twice, { metric: "sessions" })).some((f) => f.until)).toBe(false);
    });

    it("takes a step inside the stretch as its part, its days ending with the stretch's", () => {
      const s = plant(
        plant(generateSeries({ days: 140, seed: 18 }), 60, 100, (v) => v * 1.8),
        80,
        100,
        (v) => v * 1.25,
      );
      const found = shifts(detectChangePoints(s, { metric: "sessions" }).filter((f) => f.kind === "level_shift"));
      expect(found).toHaveLength(3);
      const [rise, inside, end] = found;
      expect(days(rise.until!, s[99].date)).toBeLessThanOrEqual(1);
      expect(inside.until).toBe(rise.until);
      expect(inside.backTo).toBeUndefined();
      expect(end.endsStretchFrom).toBe(rise.date);
      expect(withoutStretchEnds(found)).toEqual([rise, inside]);
    });
  });

  describe("a stretch's step the scan missed", () => {
    const shifts = (found: ReturnType<typeof detectChangePoints>) => found as LevelShiftFinding[];

    it("finds the first step of a stretch whose days before the return the scan took for a slope", () => {
      // Mobile's orders from Aug 27 to Nov 20 in a shop whose Paid Search ran at a tenth of its visits from Oct 5 to
      // Oct 27 (test/generated-shop.ts, seed 81): about 20 a day, 13 during the pause, and back. The scan dated the
      // return Nov 1; on the days before it the pause's first day scored z = 3.0 over 106 splits of a line and a step.
      const values = [
        18, 22, 14, 19, 22, 21, 36, 29, 27, 16, 21, 13, 29, 21, 19, 15, 16, 17, 20, 24, 30, 24, 24, 21, 12, 31, 17, 16,
        18, 21, 9, 16, 13, 41, 19, 21, 26, 15, 20, 19, 19, 15, 13, 21, 8, 4, 11, 17, 15, 12, 14, 13, 9, 17, 10, 18, 14,
        19, 7, 11, 18, 12, 25, 25, 15, 6, 16, 26, 25, 26, 25, 22, 16, 11, 17, 17, 28, 20, 21, 16, 15, 28, 25, 22, 17,
        32,
      ];
      const series = values.map((value, i) => ({ date: addDays("2026-08-27", i), value }));
      const found = shifts(
        detectChangePoints(series, { metric: "transactions", maxChanges: 3, minDaysAtEnd: 4, minKinkDaysAtEnd: 14 }),
      );
      expect(found).toHaveLength(2);
      const [pause, back] = found;
      expect(days(pause.date, "2026-10-05")).toBeLessThanOrEqual(2);
      expect(pause.direction).toBe("down");
      expect(pause.until! >= "2026-10-27" && pause.until! <= "2026-10-31").toBe(true);
      expect(back.endsStretchFrom).toBe(pause.date);
      expect(pause.baseline).toBeGreaterThan(18);
      expect(pause.current).toBeLessThan(15);
      expect(withoutStretchEnds(found)).toEqual([pause]);
    });

    it("adds no step to a lasting one", () => {
      // A count that stepped once (to 1.5 or 0.6 times its level) and stayed: no other step is made its stretch's.
      let seen = 0;
      for (let seed = 1; seed <= 60; seed++) {
        const from = addDays("2026-11-20", -30 - (seed % 40));
        const s = weeklyCounts(3000 + seed, 20, (date) => (date >= from ? (seed % 2 ? 1.5 : 0.6) : 1));
        const found = shifts(detectChangePoints(s, { metric: "transactions", maxChanges: 3, minDaysAtEnd: 4 }));
        const step = found.find((f) => days(f.date, from) <= 3);
        if (!step) continue;
        seen++;
        expect([step.until, step.endsStretchFrom]).toEqual([undefined, undefined]);
      }
      expect(seen).toBeGreaterThanOrEqual(55);
    });
  });

  it("leaves a larger series' episode out of the scan where this series moved on its days too", () => {
    // Four days at half a noisy series' level (σ 250 on 1,000), 12 days before its end, scanned as a segment is.
    const options = { metric: "revenue", maxChanges: 3, minDaysAtEnd: 4, minKinkDaysAtEnd: 14 };
    const s = plant(generateSeries({ days: 90, seed: 23, noiseSd: 250 }), 74, 78, (v) => v * 0.5);
    const dates = s.slice(74, 78).map((p) => p.date);
    // Alone, it reads as a step at the dip (and another up 11 days later, unless that one's own days do not rise).
    expect(detectChangePoints(s, options).filter((f) => f.date >= s[70].date).length).toBeGreaterThanOrEqual(1);
    let aside: string[] = [];
    const found = detectChangePoints(s, { ...options, asideDays: dates, onEpisodes: (d) => (aside = d) });
    expect(aside).toEqual(expect.arrayContaining(dates));
    expect(found.filter((f) => f.date >= s[70].date)).toEqual([]);
    // A series that did not move on those days keeps them.
    let kept: string[] | null = null;
    detectChangePoints(generateSeries({ days: 90, seed: 22 }), {
      metric: "revenue",
      asideDays: dates,
      onEpisodes: (d) => (kept = d),
    });
    expect(kept).toBeNull();
  });

  it("keeps the larger series' episode days in the scan of a series that moved on them and stayed", () => {
    // Half its level from day 74 to the end: the site's "episode" of days 74 to 77 was this series' lasting step,
    // and with those days left out the step was dated on day 78.
    const options = { metric: "revenue", maxChanges: 3, minDaysAtEnd: 4, minKinkDaysAtEnd: 14 };
    const s = plant(generateSeries({ days: 90, seed: 23, noiseSd: 250 }), 74, 90, (v) => v * 0.5);
    let aside: string[] | null = null;
    const found = detectChangePoints(s, {
      ...options,
      asideDays: s.slice(74, 78).map((p) => p.date),
      onEpisodes: (d) => (aside = d),
    });
    expect(aside).toBeNull();
    const steps = found.filter((f) => f.kind === "level_shift");
    expect(steps).toHaveLength(1);
    // Dated within a day of its first day, as the quality bench counts a step found.
    expect([s[73].date, s[74].date, s[75].date]).toContain(steps[0].date);
  });
  it("measures a step's levels between the changes next to it, not over the stretch the scan split", () => {
    // 15 % down from day 60 (a channel's visits lost), 35 % up from day 75 (another's gained): the rise was measured
    // over days 0 to 89 when the scan found it first, its level before fitted over the days before day 60 too ("from
    // about 880 to 1,126", +28.0 %, the level between the two being 833), and the days after it were judged against
    // that understated rise.
    for (const seed of [31, 32, 33]) {
      const base = generateSeries({ days: 90, seed, noiseSd: 15 });
      const s = plant(
        plant(base, 60, 90, (v) => v * 0.85),
        75,
        90,
        (v) => v * 1.35,
      );
      const steps = detectChangePoints(s, { metric: "sessions", maxChanges: 3 }).filter(
        (f): f is LevelShiftFinding => f.kind === "level_shift",
      );
      const drop = steps.find((f) => f.date === s[60].date)!;
      const rise = steps.find((f) => f.date === s[75].date)!;
      expect(drop).toBeDefined();
      expect(rise).toBeDefined();
      // The level between the two is one level, read the same from both; each change is its planted size.
      expect(Math.abs(rise.baseline / drop.current - 1)).toBeLessThan(0.02);
      expect(Math.abs(drop.changePct! - -0.15)).toBeLessThan(0.02);
      expect(Math.abs(rise.changePct! - 0.35)).toBeLessThan(0.03);
    }
  });
  it("reads a step that adds the same amount every day as one step, not as a second one a week after it", () => {
    // 1,000 a day on a weekly shape (0.7 on Sundays, 1.15 on Tuesdays), 300 more (or fewer) every day from day 60 or
    // 75: divided by the window's factors, the weekends after it stood above the level and the weekdays below, and
    // the scan found a second step 7 or 8 days after the first ("from about 1,331 to 1,205 a day", p = 10⁻⁹).
    for (const change of [300, -300])
      for (const at of [60, 75])
        for (const seed of [31, 32, 33, 34]) {
          const s = plant(generateSeries({ days: 90, seed, noiseSd: 15 }), at, 90, (v) => v + change);
          const found = detectChangePoints(s, { metric: "sessions", maxChanges: 3 });
          const steps = found.filter((f) => f.kind === "level_shift");
          expect(steps.map((f) => f.date)).toEqual([s[at].date]);
          // Its size is the 300 a day added (the window's level being 1,000 times its factors' mean, 0.98).
          expect(Math.abs(steps[0].change - change)).toBeLessThan(25);
        }
  });
});

/** Sunday to Saturday. */
const WEEK = [0.7, 1.1, 1.12, 1.1, 1.05, 1.0, 0.78];

/** A Poisson count of `mean` (Knuth's method: fine for the small means drawn here). */
function poissonDraw(mean: number, random: () => number): number {
  const limit = Math.exp(-mean);
  let k = -1;
  for (let product = 1; product > limit; product *= random()) k++;
  return k;
}

describe("reachesFrom", () => {
  const from = "2026-10-22";
  /** 56 days to the day before `from` at `before` a day, then 30 at `after` (with a little alternating noise). */
  const stepSeries = (before: number, after: number) =>
    Array.from({ length: 86 }, (_, i) => {
      const date = addDays(from, i - 56);
      return { date, value: (date < addDays(from, -1) ? before : after) + (i % 2 ? 3 : -3) };
    });
  const shift = (date: string, baseline: number, current: number): LevelShiftFinding => ({
    kind: "level_shift",
    metric: "sessions",
    dimension: null,
    dimensionValue: null,
    periodStart: date,
    periodEnd: "2026-11-20",
    date,
    current,
    baseline,
    change: current - baseline,
    changePct: (current - baseline) / baseline,
    expectedLow: null,
    expectedHigh: null,
    confidence: 0.95,
    direction: current > baseline ? "up" : "down",
    pValue: 1e-6,
    score: 6,
  });

  it("takes a lasting step dated up to 3 days before `from` when the weeks around it step too", () => {
    const series = stepSeries(880, 970);
    expect(reachesFrom(shift(addDays(from, -1), 880, 970), from, series)).toBe(true);
    expect(reachesFrom(shift(addDays(from, -3), 880, 970), from, series)).toBe(true);
    expect(reachesFrom(shift(addDays(from, -4), 880, 970), from, series)).toBe(false);
  });

  it("leaves out a step dated before `from` that the plain means around it do not show", () => {
    // The scan's line and step read a step of +90 a day; the days around it are one level.
    expect(reachesFrom(shift(addDays(from, -1), 880, 970), from, stepSeries(900, 900))).toBe(false);
    // Or a step the other way.
    expect(reachesFrom(shift(addDays(from, -1), 880, 970), from, stepSeries(970, 880))).toBe(false);
  });

  it("keeps every change dated from `from` on, and a stretch that ran into it", () => {
    const flat = stepSeries(900, 900);
    expect(reachesFrom(shift(from, 880, 970), from, flat)).toBe(true);
    expect(reachesFrom({ ...shift(addDays(from, -20), 880, 970), until: addDays(from, 2) }, from, flat)).toBe(true);
    expect(reachesFrom({ ...shift(addDays(from, -2), 880, 970), until: addDays(from, -1) }, from, flat)).toBe(false);
  });
});

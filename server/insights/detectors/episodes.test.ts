import { describe, expect, it } from "vitest";
import { dayOfWeek } from "@/lib/dates";
import type { DailyPoint } from "../types";
import { SHOP_WEEK, weeklyCounts } from "./test-series";
import { detectChangePoints, type LevelShiftFinding } from "./change-points";
import { findEpisodes } from "./episodes";

// A few days away from the level and back (a week's promotion, five days of a spent ad budget) are unusual days, not
// two level shifts at their edges (episodes.ts): the level shift scan leaves them out.

const between = (from: string, to: string, factor: number) => (date: string) =>
  date >= from && date <= to ? factor : 1;
const steps = (series: DailyPoint[]) =>
  detectChangePoints(series, { metric: "sessions" }).filter((f): f is LevelShiftFinding => f.kind === "level_shift");

describe("days away from the level and back", () => {
  it("finds no level shift at the edges of a week's promotion, of five days at half, or of three days at triple", () => {
    for (const seed of [1, 2, 3]) {
      expect(steps(weeklyCounts(seed, 500, between("2026-11-02", "2026-11-08", 2)))).toEqual([]);
      expect(steps(weeklyCounts(seed, 500, between("2026-11-05", "2026-11-09", 0.5)))).toEqual([]);
      expect(steps(weeklyCounts(seed, 130, between("2026-11-09", "2026-11-11", 3)))).toEqual([]);
    }
  });

  it("takes the run itself, from its first day to its last", () => {
    const series = weeklyCounts(4, 500, between("2026-11-05", "2026-11-09", 0.5));
    const x = series.map((p) => p.value! / SHOP_WEEK[dayOfWeek(p.date)]);
    const [episode, ...more] = findEpisodes(
      series.map((_, i) => i),
      x,
      25,
      0.05,
    );
    expect(more).toEqual([]);
    expect(series[episode.start].date).toBe("2026-11-05");
    expect(series[episode.end - 1].date).toBe("2026-11-09");
    expect(episode.pValue).toBeLessThan(1e-6);
  });

  it("still finds a level shift that lasts to the end, and one whose level came back after weeks", () => {
    for (const seed of [5, 6, 7]) {
      const lasting = steps(weeklyCounts(seed, 500, (date) => (date >= "2026-11-05" ? 0.6 : 1)));
      expect(lasting.map((f) => [f.date, f.direction])).toEqual([["2026-11-05", "down"]]);
      // Three weeks away, then back: the scan's two steps, not an episode.
      const weeks = steps(weeklyCounts(seed, 500, between("2026-10-01", "2026-10-21", 0.6)));
      expect(weeks.map((f) => [f.date, f.direction])).toEqual([
        ["2026-10-01", "down"],
        ["2026-10-22", "up"],
      ]);
    }
  });

  it("takes no part of a longer stretch for an episode: 18 days up and back are two steps", () => {
    for (const seed of [10, 11, 12]) {
      const series = weeklyCounts(seed, 500, between("2026-10-20", "2026-11-06", 1.3));
      const x = series.map((p) => p.value! / SHOP_WEEK[dayOfWeek(p.date)]);
      expect(
        findEpisodes(
          series.map((_, i) => i),
          x,
          25,
          0.05,
        ),
      ).toEqual([]);
      expect(steps(series).map((f) => [f.date, f.direction])).toEqual([
        ["2026-10-20", "up"],
        ["2026-11-07", "down"],
      ]);
    }
  });

  it("leaves one-day spikes and the weekends of a weekday step alone, and finds none in noise", () => {
    const spike = weeklyCounts(8, 500, between("2026-11-10", "2026-11-10", 3));
    const x = spike.map((p) => p.value! / SHOP_WEEK[dayOfWeek(p.date)]);
    const days = spike.map((_, i) => i);
    expect(findEpisodes(days, x, 25, 0.05)).toEqual([]);
    const weekends = weeklyCounts(9, 500, (date) =>
      date >= "2026-10-31" && [0, 6].includes(dayOfWeek(date)) ? 0.1 : 1,
    );
    const w = weekends.map((p) => p.value! / SHOP_WEEK[dayOfWeek(p.date)]);
    expect(findEpisodes(days, w, 25, 0.05)).toEqual([]);
    let found = 0;
    for (let seed = 100; seed < 160; seed++) {
      const noise = weeklyCounts(seed, 200).map((p) => p.value! / SHOP_WEEK[dayOfWeek(p.date)]);
      // σ of the deseasonalised days (the weekends' noise is larger once divided by their factor).
      const mean = noise.reduce((a, b) => a + b, 0) / noise.length;
      const sd = Math.sqrt(noise.reduce((a, b) => a + (b - mean) ** 2, 0) / (noise.length - 1));
      found += findEpisodes(days, noise, sd, 0.05).length;
    }
    expect(found).toBeLessThanOrEqual(3);
  });
});

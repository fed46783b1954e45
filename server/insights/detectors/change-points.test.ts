import { describe, expect, it } from "vitest";
import { addDays, dayNumber } from "@/lib/dates";
import { detectChangePoints } from "./change-points";
import { generateSeries, plant } from "./test-series";

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
});

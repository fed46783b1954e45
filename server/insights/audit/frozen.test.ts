import { describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import { gaussian, mulberry32 } from "@/lib/seeded-random";
import type { CubeSeries } from "../data/cube";
import { frozenRuns } from "./frozen";

// The frozen-run rule on hand-made daily series: a value repeated, or none recorded, past what the series' own noise
// allows is a data-quality finding; the same run in a noise that allows it, and a stop at the data's end, are not.

const START = "2026-01-01";

function series(values: number[], extra: Partial<CubeSeries> = {}): CubeSeries {
  return {
    sourceId: "s",
    dimension: "channel",
    value: "Organic Search",
    metric: "sessions",
    grain: "day",
    family: "count",
    dates: values.map((_, i) => addDays(START, i)),
    values: Float64Array.from(values),
    weights: null,
    ...extra,
  };
}

/** Counts about `level` a day (normal noise of the Poisson's spread), from a seed. */
function noisy(days: number, level: number, seed = 7): number[] {
  const z = gaussian(mulberry32(seed));
  return Array.from({ length: days }, () => Math.max(0, Math.round(level + Math.sqrt(level) * z())));
}

describe("frozen runs", () => {
  it("finds the same value repeated for a week amid days of about 200 ± 14", () => {
    const v = noisy(60, 200);
    for (let i = 40; i < 48; i++) v[i] = 212;
    const [f, ...rest] = frozenRuns(series(v));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({
      kind: "audit",
      check: "tracking_gaps",
      issue: "frozen_values",
      dimension: "channel",
      dimensionValue: "Organic Search",
      periodStart: addDays(START, 40),
      periodEnd: addDays(START, 47),
      current: 212,
      value: 212,
      count: 8,
    });
  });

  it("leaves a repeated value the noise allows: a count of about 1 a day", () => {
    const v = noisy(60, 1);
    for (let i = 40; i < 44; i++) v[i] = 1;
    expect(frozenRuns(series(v))).toEqual([]);
  });

  it("finds a week of none between days of about 50, with the level before it", () => {
    const v = noisy(60, 50);
    for (let i = 30; i < 37; i++) v[i] = 0;
    const [f] = frozenRuns(series(v));
    expect(f).toMatchObject({ periodStart: addDays(START, 30), periodEnd: addDays(START, 36), current: 0, count: 7 });
    expect(f.baseline).toBeGreaterThan(45);
    expect(f.baseline).toBeLessThan(55);
  });

  it("leaves a run of none to the data's end (a stop) and days of none a series often has", () => {
    const stopped = noisy(60, 50);
    for (let i = 50; i < 60; i++) stopped[i] = 0;
    expect(frozenRuns(series(stopped))).toEqual([]);
    // About one day in three is none already: five more in a row are not impossible.
    const sparse = noisy(60, 1, 3);
    for (let i = 30; i < 35; i++) sparse[i] = 0;
    expect(frozenRuns(series(sparse))).toEqual([]);
  });

  it("judges an amount by its own resolution and skips ratios", () => {
    const z = gaussian(mulberry32(5));
    const revenue = Array.from({ length: 60 }, () => Math.round((900 + 80 * z()) * 100) / 100);
    for (let i = 20; i < 25; i++) revenue[i] = 931.5;
    expect(frozenRuns(series(revenue, { metric: "revenue", family: "amount" }))).toHaveLength(1);
    expect(frozenRuns(series(revenue, { metric: "conversionRate", family: "rate" }))).toEqual([]);
  });
});

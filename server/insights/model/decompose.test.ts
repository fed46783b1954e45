import { describe, expect, it } from "vitest";
import { mulberry32, poisson } from "@/lib/seeded-random";
import { periodDates, type CubeSeries } from "../data/cube";
import { fitModel, seasonOf } from "./decompose";

// The one decomposition's local level (decompose.ts): fitted again within a series' change points, a period whose
// neighbours no cut separates keeps the level its first fit gave it, so lending it (`unbroken`) changes no number.

const DATES = periodDates("2026-01-01", "2026-03-27", "day");

function series(seed: number): CubeSeries {
  const draw = poisson(mulberry32(seed));
  // A weekly season and a step up on day 50, with a few unknown days.
  const values = DATES.map((_, i) =>
    i % 23 === 5 ? NaN : draw((i < 50 ? 120 : 170) * (1 + 0.2 * Math.sin((2 * Math.PI * i) / 7))),
  );
  return {
    sourceId: "s",
    dimension: null,
    value: null,
    metric: "sessions",
    grain: "day",
    family: "count",
    dates: DATES,
    values: Float64Array.from(values),
    weights: null,
  };
}

describe("a series' model fitted again within its change points", () => {
  it.each([1, 2, 3])("is the same whether its unbroken fit lends its levels or not (seed %i)", (seed) => {
    const s = series(seed);
    const season = seasonOf(s);
    const unbroken = fitModel(s, season);
    const lent = fitModel(s, season, [50, 70], unbroken);
    const alone = fitModel(s, season, [50, 70]);
    expect(Array.from(lent.level)).toEqual(Array.from(alone.level));
    expect(Array.from(lent.leverage)).toEqual(Array.from(alone.leverage));
    expect(Array.from(lent.span)).toEqual(Array.from(alone.span));
    expect(lent.noise).toEqual(alone.noise);
    // The cut matters: the periods next to it are fitted from their own side only.
    expect(lent.level[50]).not.toBe(unbroken.level[50]);
    expect(unbroken.span[2 * 49 + 1]).toBeGreaterThanOrEqual(50);
    expect(lent.span[2 * 49 + 1]).toBeLessThan(50);
    expect(lent.span[2 * 50]).toBeGreaterThanOrEqual(50);
  });
});

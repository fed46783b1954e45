import { describe, expect, it } from "vitest";
import type { Finding } from "../types";
import { withGrowthRates } from "./rate-values";

const trend: Finding = {
  kind: "trend",
  metric: "revenue",
  dimension: null,
  dimensionValue: null,
  periodStart: "2026-10-13",
  periodEnd: "2026-10-13",
  current: -30.52,
  baseline: -1.1,
  change: -29.42,
  changePct: null,
  expectedLow: null,
  expectedHigh: null,
  confidence: 0.95,
  direction: "down",
};

describe("trends stored as growth rates", () => {
  it("turns a slope change in money a day into % per week of the level before it", () => {
    const f = withGrowthRates({ ...trend, level: 2500 } as Finding);
    expect(f.valueUnit).toBe("percent_per_week");
    expect(f.current).toBeCloseTo((-30.52 * 7) / 2500, 12);
    expect(f.baseline).toBeCloseTo((-1.1 * 7) / 2500, 12);
    expect(f.change).toBeCloseTo((-29.42 * 7) / 2500, 12);
  });

  it("gives the period's growth its rate and confidence interval, in its unit", () => {
    const growth = { ...trend, current: null, baseline: null, change: null, changePct: -0.065 };
    const f = withGrowthRates({
      ...growth,
      rate: -0.065,
      rateLow: -0.091,
      rateHigh: -0.037,
      rateUnit: "month",
    } as Finding);
    expect(f).toMatchObject({
      valueUnit: "percent_per_month",
      current: -0.065,
      expectedLow: -0.091,
      expectedHigh: -0.037,
    });
  });

  it("leaves other findings, and a slope change without a level to read it against, as they are", () => {
    const shift = { ...trend, kind: "level_shift" as const, level: 2500 };
    expect(withGrowthRates(shift as Finding)).toBe(shift);
    const noLevel = { ...trend, level: null } as Finding;
    expect(withGrowthRates(noLevel)).toBe(noLevel);
  });
});

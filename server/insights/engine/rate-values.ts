import type { Finding } from "../types";

// A trend is stored and shown as a growth rate with its unit and confidence interval, never as a
// regression slope in the metric's unit ("−$30.52 a day" is a number no marketer can use, and a
// revenue slope would otherwise be formatted as money). The engine reasons on the slopes (impact,
// seasons); this is the last step before a finding is stored: the evidence table, the exports and
// the headline read `valueUnit` and show "−6.5 % per week".

export type RateUnit = NonNullable<Finding["valueUnit"]>;

type TrendFields = {
  rate?: number;
  rateLow?: number;
  rateHigh?: number;
  rateUnit?: "week" | "month";
  /** Mean of the days before a slope change: the level its slopes are read against. */
  level?: number | null;
};

/** The finding as stored: trends' values as growth rates (fractions per week or month) with `valueUnit`. */
export function withGrowthRates<F extends Finding>(finding: F): F {
  if (finding.kind !== "trend") return finding;
  const f = finding as F & TrendFields;
  if (typeof f.rate === "number") {
    // The period's growth: the rate and its confidence interval.
    return {
      ...f,
      valueUnit: f.rateUnit === "month" ? "percent_per_month" : "percent_per_week",
      current: f.rate,
      baseline: null,
      change: null,
      expectedLow: f.rateLow ?? null,
      expectedHigh: f.rateHigh ?? null,
    };
  }
  // A slope change: the slopes before and after as % per week of the level before the change.
  const level = typeof f.level === "number" && f.level > 0 ? f.level : null;
  if (level === null || f.current === null || f.baseline === null) return f;
  const perWeek = (slope: number) => (slope * 7) / level;
  return {
    ...f,
    valueUnit: "percent_per_week",
    current: perWeek(f.current),
    baseline: perWeek(f.baseline),
    change: perWeek(f.current) - perWeek(f.baseline),
    changePct: null,
    // Its expected range is the slope's too (the old slope's, the one the new is tested against): the same unit.
    expectedLow: f.expectedLow === null ? null : perWeek(f.expectedLow),
    expectedHigh: f.expectedHigh === null ? null : perWeek(f.expectedHigh),
  };
}

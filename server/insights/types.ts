// The engine's shared vocabulary. `Finding` is the machine-readable evidence stored with every
// insight and served by GET /api/insights (its shape is a contract: exports, emails and API
// clients read it, so fields are only ever added, never renamed). Detectors compute the numbers;
// the narrative is generated from them afterwards (narrative.ts), never the reverse.

/** One day of a metric. Callers fill missing days: 0 when the source reported no activity, null
 *  when the day is unknown (before tracking began, a source not yet imported); null days are
 *  neither fitted nor judged. */
export interface DailyPoint {
  date: string; // YYYY-MM-DD
  value: number | null;
}

export type FindingKind =
  "anomaly" | "change" | "driver" | "trend" | "level_shift" | "funnel" | "audit" | "split_test" | "competitor";
export type Direction = "up" | "down";

export interface Finding {
  kind: FindingKind;
  metric: string;
  dimension: string | null;
  dimensionValue: string | null;
  periodStart: string;
  periodEnd: string;
  current: number | null;
  baseline: number | null;
  change: number | null;
  /** Relative change as a fraction (0.123 = +12.3%); null when the baseline is 0. */
  changePct: number | null;
  expectedLow: number | null;
  expectedHigh: number | null;
  /** Confidence level the finding was judged at (0.95 = 95%). */
  confidence: number;
  direction: Direction | null;
  /** Two-sided p-value when the detector computes one (extra to the fixed shape). */
  pValue?: number | null;
  narrative?: string;
  /**
   * Set on trends: current, baseline, change and the expected range are growth rates (fractions per week or
   * month, engine/rate-values.ts), not values in the metric's unit.
   */
  valueUnit?: "percent_per_week" | "percent_per_month";
}

export type Severity = "low" | "medium" | "high";

/** Relative change helper shared by detectors: null rather than ±Infinity when baseline is 0. */
export function relativeChange(current: number, baseline: number): number | null {
  return baseline === 0 ? null : (current - baseline) / Math.abs(baseline);
}

export function directionOf(change: number): Direction | null {
  return change > 0 ? "up" : change < 0 ? "down" : null;
}

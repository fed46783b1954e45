import type { Direction, FindingKind } from "../finding";

// The finding as the engine before v3 builds it in memory (server/insights/types.ts re-exports it as `Finding`), and
// the fields of its own that the sentences read (the segment that explains a total's change, where a lost level
// went). Stored, a finding is the union of lib/insights/finding.ts; this shape goes with the engine it belongs to
// (docs/decisions/0025-insight-engine-v3.md).

export interface LegacyFinding {
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

/** The segment that carries most of a total's change (server/insights/engine/explain-by-segment.ts). */
export interface Explanation {
  dimension: string;
  dimensionValue: string;
  /** The first day of the segment's level shift, when a shift explains a total's unusual day (fold-moved-with.ts). */
  shiftFrom?: string;
  /** Share of the total's change (or KPI effect) that the segment carries. */
  share: number;
  /** The weekdays of that shift, when it moved only those (weekday-shift.ts). */
  weekdays?: number[];
}

/** Where a segment's lost level went (server/insights/engine/analyses/moved-segments.ts). */
export interface MovedTo {
  dimension: string;
  dimensionValue: string;
  /** Its level of the metric a day (0 before: it began that day, a new name); with `with`, of that traffic. */
  before: number;
  after: number;
  date: string;
  /** A new name whose days were the old name's within their noise (keptShare): "about as many". */
  same?: boolean;
  /**
   * Another metric of a segment whose traffic moved to a segment that was there before: the traffic metric, and what
   * that traffic brought the other segment a day in the KPI (its rise at the other segment's own KPI per unit).
   */
  with?: string;
  gainPerDay?: number;
  /** The other segment's rise's effect on the KPI over the period, and the loss's own (a rise found beside it). */
  gainEffect?: number;
  lostEffect?: number;
}

/** Where a segment's gained level came from. */
export interface MovedFrom {
  dimension: string;
  dimensionValue: string;
  date: string;
  /** The traffic metric that moved. */
  with: string;
  /** What the traffic brought the segment it left, a day in the KPI (its loss at that segment's KPI per unit). */
  lostPerDay: number;
}

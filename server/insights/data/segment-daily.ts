import type { Dimension } from "@/lib/insights/metrics";
import { addDays, daysBetween } from "@/lib/dates";
import type { DailyPoint } from "../types";
import { PART_INDEX, type PartKey, type PartValues } from "./parts";

// Daily values of the segments the engine watches (one dimension value of one source), loaded
// for the watch window only (load-segment-daily.ts): the period plus enough days before it for a
// seasonal baseline and a level before any shift.

export interface SegmentDailySeries {
  sourceId: string;
  dimension: Dimension;
  value: string;
  /** Watched in its volume and the primary KPI only (pick-watched-segments.ts). */
  narrow?: boolean;
  /** Watched for level shifts of its volume only (pick-watched-segments.ts). */
  tail?: boolean;
  /** date → one value per part (PARTS order; `users` is always null: it does not add up). */
  days: Map<string, PartValues>;
}

export interface SegmentDaily {
  /** First and last day loaded (the watch window). */
  from: string;
  to: string;
  series: SegmentDailySeries[];
  /**
   * Tail segments the screen left unread (pick-watched-segments.ts): each counts as one level-shift test that found
   * nothing, so the report's multiplicity is that of testing them all.
   */
  untestedShifts?: number;
}

/** Parts the segment watch reads (additive ones, and the weighted position for the average position); the others are
 * not loaded. */
export const WATCHED_PARTS: readonly PartKey[] = [
  "sessions",
  "engagedSessions",
  "conversions",
  "leads",
  "transactions",
  "revenue",
  "impressions",
  "clicks",
  "cost",
  "positionWeighted",
];

/** Days read as unknown: tracking gaps, and days outside what the segment's source imported. */
export interface DayFilter {
  has(date: string): boolean;
}

/**
 * One part of a segment as a daily series over [from, to]. A day without a row is 0 (the segment
 * had no activity that day); days in `excluded` (tracking gaps, days before the source's first
 * import) are null, so no detector fits or judges them.
 */
export function segmentSeries(
  s: SegmentDailySeries,
  part: PartKey,
  from: string,
  to: string,
  excluded?: DayFilter,
): DailyPoint[] {
  const i = PART_INDEX[part];
  const n = daysBetween(from, to);
  const out: DailyPoint[] = new Array(n);
  let date = from;
  for (let k = 0; k < n; k++, date = addDays(date, 1)) {
    out[k] = { date, value: excluded?.has(date) ? null : (s.days.get(date)?.[i] ?? 0) };
  }
  return out;
}

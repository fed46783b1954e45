// The engine's in-memory vocabulary before v3. A finding as stored and served is the union of
// lib/insights/finding.ts (the one contract); the engine builds this shape and the report's build step parses it
// into that union (parseFindings) before it is saved.
import type { LegacyFinding } from "@/lib/insights/narrate/legacy-fields";
import type { Direction, FindingKind } from "@/lib/insights/finding";

export type { Direction, FindingKind };
export type Finding = LegacyFinding;

/** One day of a metric. Callers fill missing days: 0 when the source reported no activity, null
 *  when the day is unknown (before tracking began, a source not yet imported); null days are
 *  neither fitted nor judged. */
export interface DailyPoint {
  date: string; // YYYY-MM-DD
  value: number | null;
}

export type Severity = "low" | "medium" | "high";

/** Relative change helper shared by detectors: null rather than ±Infinity when baseline is 0. */
export function relativeChange(current: number, baseline: number): number | null {
  return baseline === 0 ? null : (current - baseline) / Math.abs(baseline);
}

export function directionOf(change: number): Direction | null {
  return change > 0 ? "up" : change < 0 ? "down" : null;
}

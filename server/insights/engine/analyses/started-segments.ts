import { dayNumber } from "@/lib/dates";
import type { LevelShiftFinding } from "../../detectors/change-points";
import type { SegmentAnomaly, SegmentShift } from "./segment-watch";

// A segment that began inside the watch window: a new channel, campaign or landing page. Its days before its first are
// zeros, so its step is a start, not a change by some percentage, and what the detectors find in its first weeks is
// read against the noise of those zeros.

/** A rise whose level before was at most this share of the level after started from nothing. */
const STARTED_SHARE = 0.02;
/** Days before a segment's start from which its other findings are the start's (a noisy outcome dates it late). */
const START_DAYS = 3;

/**
 * A rise from the zeros before a segment's first day: no level before, and no percentage. The line's fit put a new
 * Affiliates channel "from about 0 to 295 a day (+233,870.9%)".
 */
export function startedFromNothing(f: LevelShiftFinding): LevelShiftFinding {
  if (f.direction !== "up" || !(f.current > 0) || f.baseline > STARTED_SHARE * f.current) return f;
  return { ...f, baseline: 0, change: f.current, changePct: null };
}

const started = (f: SegmentAnomaly | SegmentShift) =>
  f.kind === "level_shift" && f.baseline === 0 && f.changePct === null;

/** Another metric of a started segment, said by its start: its level a day since. */
export interface AlsoStarted {
  metric: string;
  current: number;
}

/** The starts among a report's segment findings. */
export const segmentStarts = (findings: readonly (SegmentAnomaly | SegmentShift)[]) => findings.filter(started);

/** A later drop to this share of the level before it or less: the segment stopped again, news of its own. */
const STOPPED_SHARE = 0.1;

/**
 * Leaves out a started segment's other findings from 3 days before its start on, but its other metrics' starts and a
 * later stop. Its noise is read off the zeros before its first day, so every wiggle of its first weeks stood out: the
 * report had "Revenue for Channel “Affiliates” shifted from about €26.24 to €496.87 a day on Nov 7 (+1,793.3%)", the
 * start again two days late, then "from about €332.97 to €633.43 a day on Nov 14 (+90.2%), 12.8 times the day-to-day
 * noise" on days that only varied as counts do.
 */
export function foldIntoStarts<T extends SegmentAnomaly | SegmentShift>(
  findings: readonly T[],
  starts: readonly (SegmentAnomaly | SegmentShift)[] = segmentStarts(findings),
): T[] {
  if (starts.length === 0) return [...findings];
  // One start per segment: the first (the outcome's order) says the others' levels ("about 295 sessions, 6
  // transactions and $362.41 revenue a day since").
  const leads = new Map<string, SegmentAnomaly | SegmentShift>();
  for (const f of findings) {
    if (!started(f)) continue;
    const key = `${f.dimension}|${f.dimensionValue}`;
    const lead = leads.get(key) as (T & { alsoStarted?: AlsoStarted[] }) | undefined;
    if (!lead) {
      leads.set(key, f);
      continue;
    }
    lead.alsoStarted = [...(lead.alsoStarted ?? []), { metric: f.metric, current: f.current ?? 0 }];
  }
  const leading = new Set(leads.values());
  const dayOf = (f: SegmentAnomaly | SegmentShift) => dayNumber((f as SegmentShift).date ?? f.periodStart);
  const stopped = (f: T) =>
    f.kind === "level_shift" && f.direction === "down" && (f.current ?? 0) <= STOPPED_SHARE * (f.baseline ?? 0);
  return findings.filter(
    (f) =>
      leading.has(f) ||
      (!started(f) && stopped(f)) ||
      !starts.some(
        (s) =>
          s.dimension === f.dimension && s.dimensionValue === f.dimensionValue && dayOf(f) >= dayOf(s) - START_DAYS,
      ),
  );
}

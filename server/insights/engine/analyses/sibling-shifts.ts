import { dayNumber } from "@/lib/dates";
import { isSeasonallyExpected } from "@/lib/insights/season";
import type { EngineContext } from "../types";
import type { SegmentAnomaly, SegmentShift } from "./segment-watch";

// Most of a dimension's segments shifting the same way within a day of each other: every query losing three places
// on one day is a change of the whole site (a search engine update, a technical fault), not six changes of six
// queries. The report listed them one by one ("Average position for Query “shoe store near me” worsened … Average
// position for Query “running shoes” worsened …") and its next step looked at the first query alone. The first of
// them says how many moved with it; the analyst's next step then looks at the site.

/** A group of this many segments or more ... */
const MIN_SIBLINGS = 3;
/** ... holding at least this share of the dimension's watched segments. */
const MIN_SHARE = 0.5;
/** Days apart that two segments' shifts are the same moment. */
const WITHIN_DAYS = 1;

export interface SiblingShifts {
  /** Segments of the dimension whose same metric shifted the same way within a day, this one included. */
  count: number;
  /** The dimension's watched segments. */
  watched: number;
}

/** Marks the first finding of each such group with `siblingShifts`; the findings stay as they are otherwise. */
export function noteSiblingShifts<T extends SegmentAnomaly | SegmentShift>(ctx: EngineContext, findings: T[]): void {
  const watched = new Map<string, number>();
  for (const s of ctx.segmentDaily.series) watched.set(s.dimension, (watched.get(s.dimension) ?? 0) + 1);
  const taken = new Set<T>();
  for (const lead of findings) {
    if (lead.kind !== "level_shift" || taken.has(lead) || isSeasonallyExpected(lead) || !lead.dimension) continue;
    const group = findings.filter(
      (f) =>
        f.kind === "level_shift" &&
        !taken.has(f) &&
        !isSeasonallyExpected(f) &&
        f.metric === lead.metric &&
        f.dimension === lead.dimension &&
        f.direction === lead.direction &&
        Math.abs(dayNumber((f as SegmentShift).date) - dayNumber((lead as SegmentShift).date)) <= WITHIN_DAYS,
    );
    const of = watched.get(lead.dimension) ?? 0;
    if (group.length < MIN_SIBLINGS || group.length < MIN_SHARE * of) continue;
    for (const f of group) taken.add(f);
    (lead as T & { siblingShifts?: SiblingShifts }).siblingShifts = { count: group.length, watched: of };
  }
}

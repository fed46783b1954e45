import type { DailyPoint } from "../../types";
import type { SegmentTask } from "./segment-detect";

// Series the segment watch reads twice under two names: conversions that are the segment's transactions
// (same-counts.ts), or a segment whose rows are another dimension's segment's, day for day (Channel “Email” and
// Medium “email”). Each is one test, run once (segment-watch.ts).

/** A segment of another dimension that held the same rows (named in the watched one's findings). */
export interface SameRowsAs {
  dimension: string;
  dimensionValue: string;
}

/** Whether two series of the same days hold the same value on each. */
export function sameValues(a: readonly DailyPoint[], b: readonly DailyPoint[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i].value !== b[i].value) return false;
  return true;
}

/** A task's source, metric, judging and the sums of its days: equal for the same rows' series (a lookup key). */
export function sameTaskKey(sourceId: string, task: SegmentTask): string {
  let sum = 0;
  let weighted = 0;
  for (let i = 0; i < task.series.length; i++) {
    const v = task.series[i].value ?? 0;
    sum += v;
    weighted += v * (i + 1);
  }
  const judged = `${task.daily} ${task.counts ?? false} ${task.dailyWindow?.judgedFrom ?? ""}`;
  return `${sourceId} ${task.metric} ${judged} ${sum} ${weighted}`;
}

/** Whether two tasks run the same test: the same judging of the same value on every day. */
export function sameTest(a: SegmentTask, b: SegmentTask): boolean {
  return (
    a.metric === b.metric &&
    a.daily === b.daily &&
    (a.counts ?? false) === (b.counts ?? false) &&
    a.dailyWindow?.judgedFrom === b.dailyWindow?.judgedFrom &&
    sameValues(a.series, b.series)
  );
}

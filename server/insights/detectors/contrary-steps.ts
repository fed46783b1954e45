import { dayLevel, type DayLevel } from "../stats/day-level";
import { normalQuantile } from "../stats/distributions";
import { directionOf, relativeChange, type DailyPoint } from "../types";
import type { ChangePointFinding } from "./change-points";

// A level shift is told as a step of the series' own days ("shifted down from about X to Y a day"). The scan fits a
// line and a step over the whole stretch it split, so on a rising series a rise smaller than the line promised comes
// out as a step *down*: the real Search Console export (../shared/real-exports, a year by day) had impressions go from
// about 53,800 to 61,500 a day on Jul 3, 2025, and the report said "shifted 13.5 % down". A step whose own days (the
// days from it to its end, against as many days before it, 14 to 28, back to the change before it) move the other
// way by more than their standard error is a departure from the line, not a change of level: it is not told as a
// step. The trend scan judges the line's bend as what it is. The same windows as the quality checker's direction
// property (server/insights/quality/properties/direction.ts), so the two cannot disagree.

const MIN_BEFORE_DAYS = 14;
const MAX_BEFORE_DAYS = 28;
/** The days a plain step names: from it to its end, and as many before it (14 to 28), back to the change before. */
function stepDays(
  f: ChangePointFinding,
  found: readonly ChangePointFinding[],
  series: readonly DailyPoint[],
  index: ReadonlyMap<string, number>,
): { before: DayLevel; after: DayLevel } | null {
  // Weekday steps and stretches (away and back) are measured on their own days (weekday-shift.ts, stretches.ts).
  if (f.kind !== "level_shift" || f.weekdays || f.until !== undefined || f.endsStretchFrom !== undefined) return null;
  const start = index.get(f.date);
  if (start === undefined) return null;
  const end = index.get(f.periodEnd) ?? series.length - 1;
  const beforeEnd = (f.earliestDate ? (index.get(f.earliestDate) ?? start) : start) - 1;
  const length = Math.min(MAX_BEFORE_DAYS, Math.max(MIN_BEFORE_DAYS, end - start + 1));
  let from = beforeEnd + 1 - length;
  for (const other of found) {
    if (other === f || other.date >= f.date) continue;
    const at = index.get(other.date);
    if (at !== undefined && at > from) from = at;
  }
  const after = dayLevel(series, start, end);
  const before = after && dayLevel(series, from, beforeEnd, { mix: after.balanced ? undefined : after.mix });
  return before && after ? { before, after } : null;
}

/** Whether the days a level shift names move against its stated direction (beyond their standard error). */
export function stepContradictsItsDays(
  f: ChangePointFinding,
  found: readonly ChangePointFinding[],
  series: readonly DailyPoint[],
  index: ReadonlyMap<string, number>,
): boolean {
  return contradicts(f, f.change === 0 ? null : stepDays(f, found, series, index));
}

/** Whether a step's days (read by `stepDays`) move against its stated direction, beyond their standard error. */
function contradicts(f: ChangePointFinding, days: { before: DayLevel; after: DayLevel } | null): boolean {
  if (!days || f.change === 0) return false;
  const moved = days.after.mean - days.before.mean;
  return (
    moved !== 0 &&
    Math.sign(moved) !== Math.sign(f.change) &&
    Math.abs(moved) > Math.hypot(days.before.se, days.after.se)
  );
}

/**
 * A plain step stated on its own days: its levels are the means of the days it names, its change theirs, and its
 * expected range where the mean of the days after it falls without a change (the level before, give or take the two
 * means' noise; never below zero for a series that never is). The scan fitted a line and a step, and its line's value
 * at the date is no level a reader can find in the data: Peyton Manning's page views "shifted from about -735 to
 * 40,520 a day" on Mar 7, 2012, where the days averaged about 5,000 before and 25,500 after. The date, the test and
 * its p-value stay the scan's; a step whose days move the other way is not told (`withoutContrarySteps`).
 */
function onItsDays(
  f: ChangePointFinding,
  days: { before: DayLevel; after: DayLevel } | null,
  nonNegative: boolean,
  q: number,
): ChangePointFinding {
  if (!days || f.kind !== "level_shift") return f;
  const { before, after } = days;
  const change = after.mean - before.mean;
  const spread = q * Math.hypot(before.se, after.se);
  return {
    ...f,
    // The scan's own levels, the line's at the date: what the days after it are expected at (stepRatio).
    fitted: { baseline: f.baseline, current: f.current },
    baseline: before.mean,
    current: after.mean,
    change,
    changePct: relativeChange(after.mean, before.mean),
    expectedLow: nonNegative ? Math.max(0, before.mean - spread) : before.mean - spread,
    expectedHigh: before.mean + spread,
    direction: directionOf(change),
  };
}

/**
 * The changes found as they are told: less the level shifts whose own days moved the other way or stayed within the
 * noise of the level before, the others stated on their own days (`onItsDays`). The scan of every watched segment
 * comes here, most with no level shift found: those are told as found, with no index of their days built.
 */
export function toldOnTheirDays(
  found: ChangePointFinding[],
  series: readonly DailyPoint[],
  confidence: number,
): ChangePointFinding[] {
  if (!found.some((f) => f.kind === "level_shift")) return [...found];
  const index = new Map(series.map((p, i) => [p.date, i]));
  const q = normalQuantile(1 - (1 - confidence) / 2);
  const nonNegative = series.every((p) => p.value === null || !(p.value < 0));
  // Each step's days read once: whether they contradict it, then its levels.
  const days = new Map(found.map((f) => [f, f.kind === "level_shift" ? stepDays(f, found, series, index) : null]));
  return found
    .filter((f) => !contradicts(f, days.get(f) ?? null))
    .flatMap((f) => {
      const told = onItsDays(f, days.get(f) ?? null, nonNegative, q);
      if (told === f) return [told];
      // The other way, or within the noise of the level before (the days after it inside the range they are expected
      // in without a change): the scan's p-value is for a line and a step, not for a move of these days, and the
      // sentence would state a change its own days did not make. The real Universal Analytics export said "Users
      // shifted 0.8 % down to about 88 a day from Jan 15" on days that averaged 88.4 before and 91.9 after.
      const moved = told.current < (told.expectedLow ?? -Infinity) || told.current > (told.expectedHigh ?? Infinity);
      return moved && Math.sign(told.change) === Math.sign(f.change) ? [told] : [];
    });
}

/** The changes found, less the level shifts whose own days moved the other way. */
export function withoutContrarySteps(found: ChangePointFinding[], series: readonly DailyPoint[]): ChangePointFinding[] {
  const index = new Map(series.map((p, i) => [p.date, i]));
  return found.filter((f) => !stepContradictsItsDays(f, found, series, index));
}

/**
 * How much a level shift moved the series' level, as the days after it are expected at: the scan's fitted levels (a
 * line and the step, at its date) where the told levels are its days' means, which a trend before it moves too.
 */
export function stepRatio(f: { baseline: number; current: number; fitted?: { baseline: number; current: number } }) {
  const { baseline, current } = f.fitted ?? f;
  return baseline ? current / baseline : 1;
}

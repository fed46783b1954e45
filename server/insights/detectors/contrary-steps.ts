import type { DailyPoint } from "../types";
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
const MIN_DAYS = 3;

interface Level {
  mean: number;
  se: number;
  n: number;
}

function levelOf(series: readonly DailyPoint[], from: number, to: number): Level | null {
  const values: number[] = [];
  for (let i = Math.max(0, from); i <= to && i < series.length; i++) {
    const v = series[i].value;
    if (v !== null && Number.isFinite(v)) values.push(v);
  }
  const n = values.length;
  if (n < MIN_DAYS) return null;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1);
  return { mean, se: Math.sqrt(variance / n), n };
}

/** Whether the days a level shift names move against its stated direction (beyond their standard error). */
export function stepContradictsItsDays(
  f: ChangePointFinding,
  found: readonly ChangePointFinding[],
  series: readonly DailyPoint[],
  index: ReadonlyMap<string, number>,
): boolean {
  // Weekday steps and stretches (away and back) are measured on their own days (weekday-shift.ts, stretches.ts).
  if (f.kind !== "level_shift" || f.weekdays || f.until !== undefined || f.endsStretchFrom !== undefined) return false;
  const start = index.get(f.date);
  if (start === undefined || f.change === 0) return false;
  const end = index.get(f.periodEnd) ?? series.length - 1;
  const beforeEnd = (f.earliestDate ? (index.get(f.earliestDate) ?? start) : start) - 1;
  const length = Math.min(MAX_BEFORE_DAYS, Math.max(MIN_BEFORE_DAYS, end - start + 1));
  let from = beforeEnd + 1 - length;
  for (const other of found) {
    if (other === f || other.date >= f.date) continue;
    const at = index.get(other.date);
    if (at !== undefined && at > from) from = at;
  }
  const before = levelOf(series, from, beforeEnd);
  const after = levelOf(series, start, end);
  if (!before || !after) return false;
  const moved = after.mean - before.mean;
  return moved !== 0 && Math.sign(moved) !== Math.sign(f.change) && Math.abs(moved) > Math.hypot(before.se, after.se);
}

/** The changes found, less the level shifts whose own days moved the other way. */
export function withoutContrarySteps(found: ChangePointFinding[], series: readonly DailyPoint[]): ChangePointFinding[] {
  const index = new Map(series.map((p, i) => [p.date, i]));
  return found.filter((f) => !stepContradictsItsDays(f, found, series, index));
}

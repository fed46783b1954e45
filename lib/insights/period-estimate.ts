import { dayOfWeek } from "@/lib/dates";

/** A day of a series; value null: no data that day. */
export interface EstimatedDay {
  date: string;
  value: number | null;
}

/**
 * The share of each compared period's days its metric's source must have imported. A comparison period mostly
 * before the data's first day (a year against the previous year with 15 months of data) sums a quarter of a year:
 * "revenue rose 350 %" would be the missing days, not the site. Under it, changes are skipped
 * (engine/skip-reason.ts) and the headline figures are not estimated.
 */
export const MIN_PERIOD_COVERAGE = 0.9;

export interface PeriodEstimate {
  /** The known days' sum plus an estimate for each unknown day. */
  total: number;
  /** The known days' sum alone. */
  known: number;
  /** The unknown days that were estimated, in order. */
  estimatedDays: string[];
}

/**
 * A period's total when some of its days are unknown (null): tracking gaps the audit reports, or days
 * not imported yet (a source whose data ends a day before the period does). Each unknown day counts as
 * the mean of the period's known days of its weekday, or of all its known days when none shares it.
 *
 * Summing the known days alone compares 28 days with 30: a two-day outage in the period read as
 * "Sessions fell 6.0 %, significant" while the daily test found traffic had grown.
 */
export function estimatePeriodTotal(points: readonly EstimatedDay[]): PeriodEstimate {
  const sums = [0, 0, 0, 0, 0, 0, 0];
  const counts = [0, 0, 0, 0, 0, 0, 0];
  let known = 0;
  let knownDays = 0;
  const estimatedDays: string[] = [];
  for (const p of points) {
    if (p.value === null || !Number.isFinite(p.value)) {
      estimatedDays.push(p.date);
      continue;
    }
    const d = dayOfWeek(p.date);
    sums[d] += p.value;
    counts[d]++;
    known += p.value;
    knownDays++;
  }
  if (estimatedDays.length === 0 || knownDays === 0) return { total: known, known, estimatedDays: [] };
  let total = known;
  for (const date of estimatedDays) {
    const d = dayOfWeek(date);
    total += counts[d] > 0 ? sums[d] / counts[d] : known / knownDays;
  }
  return { total, known, estimatedDays };
}

/**
 * "Oct 19, 2026 and Oct 20, 2026 have missing or partial data (…)": the estimated days named where a figure counts
 * them (a finding's sentence, the report's headline figures), each date written by `format`.
 */
export function estimatedDaysClause(days: readonly string[], format: (date: string) => string): string {
  const dates = days.length <= 3 ? days.map(format) : [format(days[0]), format(days[days.length - 1])];
  const which =
    days.length === 1
      ? `${dates[0]} has`
      : days.length <= 3
        ? `${dates.slice(0, -1).join(", ")} and ${dates[dates.length - 1]} have`
        : `${days.length} days between ${dates[0]} and ${dates[1]} have`;
  return `${which} missing or partial data (a tracking gap, a day cut short, or not imported yet)`;
}

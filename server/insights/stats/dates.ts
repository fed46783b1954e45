// Calendar arithmetic on `YYYY-MM-DD` strings in UTC. Metric observations are calendar days in the
// project's time zone already; treating them as UTC midnights keeps day arithmetic free of DST.

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 for a `YYYY-MM-DD` date. */
export function dayNumber(date: string): number {
  const ms = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(ms)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return Math.round(ms / DAY_MS);
}

export function dateFromDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return dateFromDayNumber(dayNumber(date) + days);
}

/** Day of week, 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function dayOfWeek(date: string): number {
  return (((dayNumber(date) + 4) % 7) + 7) % 7;
}

/** Inclusive number of days from start to end. */
export function daysBetween(start: string, end: string): number {
  return dayNumber(end) - dayNumber(start) + 1;
}

export type CompareTo = "previous_period" | "previous_year";

/**
 * The comparison range for a report period. The previous year is taken 364 days back (52 whole
 * weeks) rather than the same calendar dates, so every day is compared with the same weekday:
 * weekly seasonality is the largest pattern in daily web data and calendar alignment would mix
 * a Saturday against a Sunday. The previous period is the same number of days just before.
 */
export function comparisonRange(
  periodStart: string,
  periodEnd: string,
  compareTo: CompareTo,
): { start: string; end: string } {
  if (compareTo === "previous_year") return { start: addDays(periodStart, -364), end: addDays(periodEnd, -364) };
  const length = daysBetween(periodStart, periodEnd);
  return { start: addDays(periodStart, -length), end: addDays(periodStart, -1) };
}

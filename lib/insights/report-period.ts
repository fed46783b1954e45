import { addDays, todayIn } from "../dates";

// Report periods are calendar days in the project's time zone.

/** The default report period: the last 28 full days, ending yesterday. */
export function defaultPeriod(
  timeZone: string | null | undefined,
  now = new Date(),
): { periodStart: string; periodEnd: string } {
  const periodEnd = addDays(todayIn(timeZone, now), -1);
  return { periodStart: addDays(periodEnd, -27), periodEnd };
}

// Report periods are calendar days in the project's time zone.

const DAY_MS = 86_400_000;

/** Today (YYYY-MM-DD) in a time zone; the browser's own when the zone is unknown. */
export function todayIn(timeZone: string | null | undefined, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat("en-CA", {
      timeZone: timeZone || undefined,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(now);
  } catch {
    return new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  }
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The default report period: the last 28 full days, ending yesterday. */
export function defaultPeriod(
  timeZone: string | null | undefined,
  now = new Date(),
): { periodStart: string; periodEnd: string } {
  const periodEnd = addDays(todayIn(timeZone, now), -1);
  return { periodStart: addDays(periodEnd, -27), periodEnd };
}

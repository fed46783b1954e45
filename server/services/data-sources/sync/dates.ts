// Calendar days as ISO strings (YYYY-MM-DD), in UTC: a sync plans whole days.

export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  return isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
}

/** The same day `months` months earlier (clamped to the month's end: 31 March - 1 month = 28/29 February). */
export function subtractMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number);
  const target = new Date(Date.UTC(y, m - 1 - months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return isoDay(target);
}

/** [start, end] cut into ranges of at most `size` days, oldest first. */
export function dayRanges(start: string, end: string, size: number): { start: string; end: string }[] {
  const out: { start: string; end: string }[] = [];
  for (let from = start; from <= end; from = addDays(from, size)) {
    const to = addDays(from, size - 1);
    out.push({ start: from, end: to < end ? to : end });
  }
  return out;
}

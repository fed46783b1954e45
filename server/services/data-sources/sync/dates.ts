// Sync planning on calendar days: day arithmetic comes from the one dates module; what is only a sync's
// concern (month-based history windows, cutting a range into batches) lives here.
import { addDays, dateParts, isoDateOfUtc } from "@/lib/dates";

export { addDays };
export const isoDay = (d: Date) => isoDateOfUtc(d);

/** The same day `months` months earlier (clamped to the month's end: 31 March - 1 month = 28/29 February). */
export function subtractMonths(day: string, months: number): string {
  const { year, month, day: d } = dateParts(day);
  const target = new Date(Date.UTC(year, month - 1 - months, 1));
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

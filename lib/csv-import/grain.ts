import { addDays, dayNumber, dayOfWeek } from "../dates";

// What one row of an export covers, and the arithmetic of periods: a week is the 7 days from its first day (the
// tool's week start), a month a calendar month dated by its 1st (docs/decisions/0019-data-grain.md).

export const GRAINS = ["day", "week", "month"] as const;
export type Grain = (typeof GRAINS)[number];

export const GRAIN_WORDS: Record<Grain, { adjective: string; noun: string; plural: string }> = {
  day: { adjective: "daily", noun: "day", plural: "days" },
  week: { adjective: "weekly", noun: "week", plural: "weeks" },
  month: { adjective: "monthly", noun: "month", plural: "months" },
};

/** The coarsest of some grains (a month over a week over a day); a day when there are none. */
export function coarsestGrain(grains: Iterable<Grain>): Grain {
  let coarsest: Grain = "day";
  for (const grain of grains) if (GRAINS.indexOf(grain) > GRAINS.indexOf(coarsest)) coarsest = grain;
  return coarsest;
}

/** The first of the month `months` after the month of `date` (negative: before). */
export function addMonths(date: string, months: number): string {
  const index = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 + months;
  const year = Math.floor(index / 12);
  return `${year}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

/** The first day of the month of `date`. */
export const monthStart = (date: string): string => `${date.slice(0, 8)}01`;

/** The day on or before `date` that falls on `weekday` (0 = Sunday … 6 = Saturday). */
export function weekStartOn(date: string, weekday: number): string {
  return addDays(date, -((dayOfWeek(date) - weekday + 7) % 7));
}

/** The last day of the period that starts on `start`. */
export function periodEnd(start: string, grain: Grain): string {
  if (grain === "day") return start;
  if (grain === "week") return addDays(start, 6);
  return addDays(addMonths(start, 1), -1);
}

/** The days from `start` to `end`, inclusive, as a grain: one day, a week (7 days) or a calendar month. */
export function spanGrain(start: string, end: string): Grain | null {
  const days = dayNumber(end) - dayNumber(start);
  if (days === 0) return "day";
  if (days === 6) return "week";
  if (start === monthStart(start) && end === periodEnd(start, "month")) return "month";
  return null;
}

/**
 * The grain of a column of dates that names none ("Date", "Day"): weeks when every two dates are a multiple of 7
 * days apart (one weekday, at least 4 dates), months when every date is a 1st and they are months apart, otherwise
 * days (however sparse: a small campaign's rows on some days only).
 */
export function inferGrain(dates: Iterable<string>): Grain {
  const sorted = [...new Set(dates)].sort();
  if (sorted.length < 4) return "day";
  const first = dayNumber(sorted[0]);
  if (sorted.every((d) => (dayNumber(d) - first) % 7 === 0)) return "week";
  if (sorted.every((d) => d.endsWith("-01"))) return "month";
  return "day";
}

/**
 * The first date that does not fit a declared grain (weeks: the weekday of the others; months: a 1st), with the one it
 * was compared with; null when all fit. A file whose "Week" column holds days is a mixed file.
 */
export function offGrain(dates: Iterable<string>, grain: Grain): { date: string; other: string } | null {
  if (grain === "day") return null;
  let first: string | undefined;
  for (const date of dates) {
    first ??= date;
    if (grain === "month" ? !date.endsWith("-01") : (dayNumber(date) - dayNumber(first)) % 7 !== 0)
      return { date, other: first };
  }
  return null;
}

import { TZDate } from "@date-fns/tz";

// Calendar days are `YYYY-MM-DD` strings. A project's data, report periods and the date inputs
// are calendar days in the project's time zone already, so their arithmetic is done on UTC
// midnights: a day is always 86,400,000 ms there, daylight saving never shifts a date. Time zones
// matter only where an instant (now, a timestamp) becomes a calendar day: that goes through
// @date-fns/tz, which reads the IANA zones the runtime carries.

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Is `value` a real calendar day written `YYYY-MM-DD` (no 2023-02-29, no 2024-13-01)? */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

// Both conversions are memoised: the insight engine turns the same few hundred days back and forth
// millions of times a report (a daily series is walked with addDays), and parsing or formatting a
// Date each time was a fifth of its CPU. The caches are bounded (a day is 10 characters).
const DAY_CACHE_MAX = 100_000;
const dayNumbers = new Map<string, number>();
const dateTexts = new Map<number, string>();

/** Days since 1970-01-01 for a `YYYY-MM-DD` date. */
export function dayNumber(date: string): number {
  const known = dayNumbers.get(date);
  if (known !== undefined) return known;
  const ms = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  if (!ISO_DATE.test(date) || Number.isNaN(ms)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  const day = Math.round(ms / DAY_MS);
  if (dayNumbers.size >= DAY_CACHE_MAX) dayNumbers.clear();
  dayNumbers.set(date, day);
  return day;
}

export function dateFromDayNumber(day: number): string {
  const known = dateTexts.get(day);
  if (known !== undefined) return known;
  const text = new Date(day * DAY_MS).toISOString().slice(0, 10);
  if (dateTexts.size >= DAY_CACHE_MAX) dateTexts.clear();
  dateTexts.set(day, text);
  return text;
}

export function addDays(date: string, days: number): string {
  return dateFromDayNumber(dayNumber(date) + days);
}

/** Inclusive number of days from start to end (the same day is 1). */
export function daysBetween(start: string, end: string): number {
  return dayNumber(end) - dayNumber(start) + 1;
}

/** Every day from start to end, both included; empty when end is before start. */
export function dateRange(start: string, end: string): string[] {
  const first = dayNumber(start);
  return Array.from({ length: Math.max(0, dayNumber(end) - first + 1) }, (_, i) => dateFromDayNumber(first + i));
}

/** Day of week, 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function dayOfWeek(date: string): number {
  return (((dayNumber(date) + 4) % 7) + 7) % 7;
}

/** The calendar day of an instant in UTC (for a UTC midnight, the day it starts: the inverse of `utcMidnight`). */
export function isoDateOfUtc(instant: Date | number): string {
  return new Date(instant).toISOString().slice(0, 10);
}

/** A calendar day as the UTC midnight that starts it, for code that needs a Date. */
export function utcMidnight(date: string): Date {
  return new Date(dayNumber(date) * DAY_MS);
}

/** Year, month (1–12) and day of the month of a `YYYY-MM-DD` date. */
export function dateParts(date: string): { year: number; month: number; day: number } {
  dayNumber(date); // throws on a malformed date
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

export type CompareTo = "previous_period" | "previous_year";

/** The same number of days just before the period. */
export function previousPeriod(start: string, end: string): { start: string; end: string } {
  const length = daysBetween(start, end);
  return { start: addDays(start, -length), end: addDays(start, -1) };
}

/**
 * The period a year earlier, taken 364 days back (52 whole weeks) rather than the same calendar
 * dates, so every day is compared with the same weekday: weekly seasonality is the largest
 * pattern in daily web data and calendar alignment would set a Saturday against a Sunday.
 */
export function previousYear(start: string, end: string): { start: string; end: string } {
  return { start: addDays(start, -364), end: addDays(end, -364) };
}

/** The comparison range of a report period. */
export function comparisonRange(start: string, end: string, compareTo: CompareTo): { start: string; end: string } {
  return compareTo === "previous_year" ? previousYear(start, end) : previousPeriod(start, end);
}

/**
 * The one locale people read dates in, everywhere: the page, the share page, the deck, the workbook, emails and lists
 * ("Apr 2, 2026"; with a time "Apr 2, 2026, 09:00", the 24-hour clock schedules are set in). Report language is
 * English only today (lib/constants/settings.ts); a second language brings its locale here, not a format of its own.
 */
export const DATE_LOCALE = "en";

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A calendar day for people ("Mar 3, 2025"), read as a date and not as a moment: it is formatted
 * at its UTC midnight in UTC, so no viewer's or server's zone moves it to the day before.
 */
export function formatIsoDate(date: string, options: Intl.DateTimeFormatOptions, locale = DATE_LOCALE): string {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" });
    dayFormats.set(key, format);
  }
  return format.format(utcMidnight(date));
}

const instantFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment for people, "Apr 2, 2026, 09:00", on the clock of a time zone (a project's or a schedule's) or, without
 * one, of the runtime (the viewer's browser). `dateOnly` drops the time ("Apr 2, 2026"). "" for no or an invalid
 * instant, so a missing value never reads "Invalid Date".
 */
export function formatInstant(
  instant: string | number | Date | null | undefined,
  options: { timeZone?: string | null; dateOnly?: boolean } = {},
): string {
  if (instant === null || instant === undefined || instant === "") return "";
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) return "";
  const key = `${options.timeZone ?? ""} ${options.dateOnly ? "d" : "dt"}`;
  let format = instantFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_LOCALE, {
      dateStyle: "medium",
      ...(options.dateOnly ? {} : { timeStyle: "short", hourCycle: "h23" }),
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    });
    instantFormats.set(key, format);
  }
  return format.format(at);
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/**
 * The calendar day of an instant in a time zone. Without a zone, or with one the runtime does not
 * know, the runtime's own zone: the browser's for a visitor, UTC for the servers.
 */
export function dayIn(instant: Date | number, timeZone: string | null | undefined): string {
  const zoned = timeZone ? new TZDate(+instant, timeZone) : null;
  const date = zoned && !Number.isNaN(zoned.getTime()) ? zoned : new Date(instant);
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Today in a time zone: "the future" of a report is the project's, not the server's or the browser's. */
export function todayIn(timeZone: string | null | undefined, now: Date | number = new Date()): string {
  return dayIn(now, timeZone);
}

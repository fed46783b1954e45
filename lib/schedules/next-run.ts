// When a scheduled delivery runs next, and which period that run reports on. Pure functions of the
// schedule, an instant and the project's time zone (IANA), so the form can show the next run and
// the worker can compute it the same way.
//
// Wall-clock times are built with @date-fns/tz's TZDate, which knows each zone's DST rules: a run
// set at 09:00 stays at 09:00 local across a DST change (the UTC instant moves by an hour). A time
// that does not exist on a spring-forward day (01:30 in London) runs at the same offset after the
// gap (02:30); a time that occurs twice on a fall-back day runs once (TZDate resolves it to the
// standard-time occurrence, the later one).
import { TZDate } from "@date-fns/tz";

export const SCHEDULE_FREQUENCIES = ["weekly", "monthly", "quarterly", "annually"] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];

/** Month-day options: the second day, the 15th day, the last day of the month. */
export const SCHEDULE_MONTH_DAYS = ["second", "fifteenth", "last"] as const;
export type ScheduleMonthDay = (typeof SCHEDULE_MONTH_DAYS)[number];

/** Monday to Sunday with values 1 to 6 and 0 (JavaScript's getDay numbering). */
export const SCHEDULE_WEEKDAYS = [
  { value: 1, label: "Monday" },
  { value: 2, label: "Tuesday" },
  { value: 3, label: "Wednesday" },
  { value: 4, label: "Thursday" },
  { value: 5, label: "Friday" },
  { value: 6, label: "Saturday" },
  { value: 0, label: "Sunday" },
] as const;

export interface ScheduleTiming {
  frequency: ScheduleFrequency;
  /** Weekly: 0 (Sunday) .. 6 (Saturday). */
  weekday?: number | null;
  /** Monthly, quarterly, annually. */
  monthDay?: ScheduleMonthDay | null;
  /** Annually: 1 (January) .. 12 (December). */
  month?: number | null;
  /** Local time of day, "HH:MM" (24-hour). */
  time: string;
}

export interface ClosedPeriod {
  /** First and last calendar day (YYYY-MM-DD) in the project's time zone, both included. */
  start: string;
  end: string;
}

function parseTime(time: string): { hour: number; minute: number } {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!m) throw new RangeError(`Schedule time must be HH:MM, got "${time}"`);
  return { hour: Number(m[1]), minute: Number(m[2]) };
}

const daysInMonth = (year: number, month0: number) => new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();

function dayOfMonth(monthDay: ScheduleMonthDay, year: number, month0: number): number {
  if (monthDay === "second") return 2;
  if (monthDay === "fifteenth") return 15;
  return daysInMonth(year, month0);
}

/** The instant of a local wall-clock time in `timeZone`. */
function wallTime(timeZone: string, year: number, month0: number, day: number, hour: number, minute: number): Date {
  return new Date(new TZDate(year, month0, day, hour, minute, timeZone).getTime());
}

function requireField<T>(value: T | null | undefined, name: string, frequency: string): T {
  if (value === null || value === undefined) throw new RangeError(`A ${frequency} schedule needs a ${name}`);
  return value;
}

/** Months (0-based) a monthly, quarterly or annual schedule runs in. */
function runsInMonth(timing: ScheduleTiming, month0: number): boolean {
  if (timing.frequency === "monthly") return true;
  // Quarterly runs open each calendar quarter (January, April, July, October) and report the last.
  if (timing.frequency === "quarterly") return month0 % 3 === 0;
  return month0 === requireField(timing.month, "month", "annual") - 1;
}

/** The first run strictly after `after`. */
export function nextRun(timing: ScheduleTiming, timeZone: string, after: Date): Date {
  const { hour, minute } = parseTime(timing.time);
  const local = new TZDate(after.getTime(), timeZone);
  const y = local.getFullYear();
  const m = local.getMonth();
  const d = local.getDate();

  if (timing.frequency === "weekly") {
    const weekday = requireField(timing.weekday, "weekday", "weekly");
    if (!Number.isInteger(weekday) || weekday < 0 || weekday > 6) throw new RangeError("Weekday must be 0..6");
    // Eight days cover today (if the time is still ahead) through the same weekday next week.
    for (let offset = 0; offset <= 7; offset++) {
      const date = new Date(Date.UTC(y, m, d + offset));
      if (date.getUTCDay() !== weekday) continue;
      const run = wallTime(timeZone, date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), hour, minute);
      if (run > after) return run;
    }
  } else {
    const monthDay = requireField(timing.monthDay, "month day", timing.frequency);
    // Thirteen months cover every frequency, including an annual run whose day this year has passed.
    for (let offset = 0; offset <= 13; offset++) {
      const first = new Date(Date.UTC(y, m + offset, 1));
      const year = first.getUTCFullYear();
      const month0 = first.getUTCMonth();
      if (!runsInMonth(timing, month0)) continue;
      const run = wallTime(timeZone, year, month0, dayOfMonth(monthDay, year, month0), hour, minute);
      if (run > after) return run;
    }
  }
  throw new RangeError("No run found for this schedule");
}

const ymd = (year: number, month0: number, day: number) =>
  new Date(Date.UTC(year, month0, day)).toISOString().slice(0, 10);

/**
 * The period a run at `runAt` reports on: the last complete one before the run's local date.
 * Weekly: the previous Monday–Sunday week. Monthly: the previous calendar month (a run on the last
 * day reports the month before, whose data is complete). Quarterly: the previous calendar quarter.
 * Annually: the previous calendar year.
 */
export function closedPeriod(frequency: ScheduleFrequency, timeZone: string, runAt: Date): ClosedPeriod {
  const local = new TZDate(runAt.getTime(), timeZone);
  const y = local.getFullYear();
  const m = local.getMonth();
  const d = local.getDate();
  switch (frequency) {
    case "weekly": {
      const sinceMonday = (local.getDay() + 6) % 7;
      return { start: ymd(y, m, d - sinceMonday - 7), end: ymd(y, m, d - sinceMonday - 1) };
    }
    case "monthly":
      return { start: ymd(y, m - 1, 1), end: ymd(y, m, 0) };
    case "quarterly": {
      const quarterStart = m - (m % 3);
      return { start: ymd(y, quarterStart - 3, 1), end: ymd(y, quarterStart, 0) };
    }
    case "annually":
      return { start: ymd(y - 1, 0, 1), end: ymd(y - 1, 11, 31) };
  }
}

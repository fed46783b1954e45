import { addDays, dayNumber } from "../dates";
import { addMonths, monthStart, spanGrain, weekStartOn, type Grain } from "./grain";
import { squashName } from "./known-columns";
import {
  detectDateOrder,
  isoDay,
  parseDateCell,
  parseDateHourCell,
  parseMonthCell,
  parseRangeCell,
  type DateOrder,
} from "./parse-date";
import { isTotalLabel } from "./preamble";
import { DATA_SOURCE_MESSAGES as M } from "../constants/data-source-messages";

// Where a table's dates are and how they read. Tools name and write them in many ways:
// - a calendar day per row: GA4's "Date" (20260131), Search Console's and Shopify's "Date"/"Day", Google Ads'
//   "Day" ("Thu, 5 Feb 2026" on the Overview page), Universal Analytics' "Day Index" (1/31/19), Meta's "Day";
// - a week or a month per row: Shopify's "Week"/"Month" (the week's first day), Google Ads' "Week" (a Monday) and
//   "Month" ("January 2026"), UA's "Week Index"/"Month Index", Google Trends' "2024-01-07 - 2024-01-13";
// - numbers counted from the report's start date: GA4's "Nth day" (0000 = the start date), "Nth week" (Sunday to
//   Saturday weeks, 0000 = the week holding the start date), "Nth month" (calendar months); UA's indexes when they
//   hold numbers;
// - week and month numbers of a year: GA4's "Week" (01–53, Sunday weeks, week 01 holding January 1), "ISO week of
//   the year" (Monday weeks), "Year week" / "ISO week of ISO year" (202401), "Month" (01–12), "Year month" (202401);
//   the year from a Year column or the preamble's dates;
// - hours: GA4's "Date + hour (YYYYMMDDHH)", summed into days;
// - a span in two columns: Meta's "Reporting starts" and "Reporting ends" (a day when they are equal, a week or a
//   month with Breakdown → By time; anything else is a total over the span, not a period).

export type DateColumnKind =
  | "date"
  | "month"
  | "range"
  | "span"
  | "dateHour"
  | "nthDay"
  | "nthWeek"
  | "nthMonth"
  | "weekOfYear"
  | "isoWeekOfYear"
  | "yearWeek"
  | "isoYearWeek"
  | "monthOfYear"
  | "yearMonth";

export interface DateColumn {
  /** The column's index in its table's header. */
  index: number;
  header: string;
  kind: DateColumnKind;
  /** The column that ends a span (Meta's "Reporting ends"). */
  endIndex?: number;
  /** A Year or ISO year column, for week and month numbers. */
  yearIndex?: number;
  /** The grain the column's name or kind declares; null when the dates tell (a "Date" of weeks). */
  grain: Grain | null;
  /** How slashed dates read, when the values tell. */
  order: DateOrder | null;
}

/** Where relative dates count from: the report's range, from the preamble (GA4's `# Start date`, UA's range). */
export interface DateContext {
  start: string | null;
  end: string | null;
}

const names = (...list: string[]) => new Set(list.map(squashName));
const DAY_NAMES = names(
  "Date",
  "Day",
  "Fecha",
  "Día",
  "Dia",
  "Datum",
  "Data",
  "Jour",
  "Giorno",
  "Tag",
  "Dag",
  "Day Index",
  "日付",
  "日",
  "날짜",
  "日期",
  "Дата",
);
const WEEK_NAMES = names(
  "Week",
  "Week Index",
  "Week of",
  "Week start",
  "Week starting",
  "Week beginning",
  "Semana",
  "Woche",
  "Semaine",
  "Settimana",
  "Kalenderwoche",
  "週",
);
const MONTH_NAMES = names(
  ...["Month", "Month Index", "Month of year", "Mes", "Monat", "Mois", "Mese", "Maand", "Mês", "月"],
);
const NTH = new Map<string, DateColumnKind>([
  [squashName("Nth day"), "nthDay"],
  [squashName("Nth week"), "nthWeek"],
  [squashName("Nth month"), "nthMonth"],
]);
const INDEX_KIND = new Map<string, DateColumnKind>([
  [squashName("Day Index"), "nthDay"],
  [squashName("Week Index"), "nthWeek"],
  [squashName("Month Index"), "nthMonth"],
]);
const ISO_WEEK = squashName("ISO week of the year");
const ISO_YEAR_WEEK = squashName("ISO week of ISO year");
const YEAR_WEEK = squashName("Year week");
const YEAR_MONTH = squashName("Year month");
const DATE_HOUR = names("Date + hour (YYYYMMDDHH)", "Date hour", "Date + hour", "dateHour");
const YEAR = names("Year", "Año", "Jahr", "Année", "Anno", "Ano", "Jaar", "年");
const ISO_YEAR = names("ISO year");
const SPAN_STARTS = names(
  "Reporting starts",
  "Inicio del informe",
  "Début des rapports",
  "Berichtsbeginn",
  "Início dos relatórios",
  "Inizio report",
);
const SPAN_ENDS = names(
  "Reporting ends",
  "Fin del informe",
  "Fin des rapports",
  "Berichtsende",
  "Término dos relatórios",
  "Fine report",
);

/** The values a column holds in the table's rows, without totals rows and empty cells. */
function columnValues(rows: readonly (readonly string[])[], index: number): string[] {
  const values: string[] = [];
  for (const row of rows) {
    if (row.some(isTotalLabel)) continue;
    const cell = (row[index] ?? "").trim();
    if (cell !== "") values.push(cell);
  }
  return values;
}

const share = (values: string[], test: (v: string) => boolean) =>
  values.length === 0 ? 0 : values.filter(test).length / values.length;
const all = (values: string[], test: (v: string) => boolean) => values.length > 0 && share(values, test) === 1;

const isDate = (v: string) => parseDateCell(v, null) !== null;
const isInteger = (v: string) => /^\d{1,4}$/.test(v);
const isNumberUpTo = (max: number) => (v: string) => /^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= max;
const isSixDigits = (v: string) => /^\d{6}$/.test(v);

/**
 * The table's date column, how it reads and what grain it declares; null when the table has none. `rows`: the rows
 * seen so far (a sample is enough).
 */
export function findDateColumn(headers: readonly string[], rows: readonly (readonly string[])[]): DateColumn | null {
  const squashed = headers.map(squashName);
  const column = (index: number, kind: DateColumnKind, grain: Grain | null, extra: Partial<DateColumn> = {}) => {
    const values = columnValues(rows, index);
    return { index, header: headers[index], kind, grain, order: detectDateOrder(values), ...extra };
  };
  const yearIndex = (iso: boolean) => {
    const found = squashed.findIndex((s) => (iso ? ISO_YEAR : YEAR).has(s));
    return found === -1 ? undefined : found;
  };

  // Meta's span, unless the table also has a day of its own.
  const starts = squashed.findIndex((s) => SPAN_STARTS.has(s));
  const ends = squashed.findIndex((s) => SPAN_ENDS.has(s));
  const dayColumn = squashed.findIndex((s, i) => DAY_NAMES.has(s) && all(columnValues(rows, i), isDate));
  if (starts !== -1 && ends !== -1 && dayColumn === -1) return column(starts, "span", null, { endIndex: ends });

  for (let i = 0; i < headers.length; i++) {
    const s = squashed[i];
    const values = columnValues(rows, i);
    if (DATE_HOUR.has(s) && all(values, (v) => parseDateHourCell(v) !== null)) return column(i, "dateHour", "day");
    const nth = NTH.get(s) ?? INDEX_KIND.get(s);
    if (nth) {
      if (all(values, isInteger) || (values.length === 0 && NTH.has(s))) return column(i, nth, nthGrain(nth));
      if (all(values, isDate)) return column(i, "date", nth === "nthDay" ? null : nthGrain(nth));
      if (nth === "nthMonth" && all(values, (v) => parseMonthCell(v) !== null)) return column(i, "month", "month");
    }
    if (s === ISO_WEEK && all(values, isNumberUpTo(53)))
      return column(i, "isoWeekOfYear", "week", { yearIndex: yearIndex(true) });
    if (s === ISO_YEAR_WEEK && all(values, isSixDigits)) return column(i, "isoYearWeek", "week");
    if (s === YEAR_WEEK && all(values, isSixDigits)) return column(i, "yearWeek", "week");
    if (s === YEAR_MONTH && all(values, isSixDigits)) return column(i, "yearMonth", "month");
    if (WEEK_NAMES.has(s)) {
      if (all(values, isDate)) return column(i, "date", "week");
      if (all(values, (v) => parseRangeCell(v, null) !== null)) return column(i, "range", "week");
      if (all(values, isSixDigits)) return column(i, "yearWeek", "week");
      if (all(values, isNumberUpTo(53))) return column(i, "weekOfYear", "week", { yearIndex: yearIndex(false) });
    }
    if (MONTH_NAMES.has(s)) {
      if (all(values, isDate)) return column(i, "date", "month");
      if (all(values, (v) => parseMonthCell(v) !== null)) return column(i, "month", "month");
      if (all(values, isSixDigits)) return column(i, "yearMonth", "month");
      if (all(values, isNumberUpTo(12))) return column(i, "monthOfYear", "month", { yearIndex: yearIndex(false) });
    }
    // A column named as a day: its dates (a cell that is none is refused with its line), unless it holds the day of
    // the month (GA4's "Day": 01 to 31).
    if (DAY_NAMES.has(s) && !all(values, isNumberUpTo(31))) return column(i, "date", null);
  }
  // Any other column of dates, named as nothing above ("Period", "Datum des Berichts"...).
  for (let i = 0; i < headers.length; i++) {
    const values = columnValues(rows, i);
    if (values.length >= 2 && all(values, isDate) && !values.every((v) => /^\d{1,4}$/.test(v)))
      return column(i, "date", null);
    if (values.length >= 2 && all(values, (v) => parseRangeCell(v, null) !== null)) return column(i, "range", null);
  }
  if (starts !== -1 && ends !== -1) return column(starts, "span", null, { endIndex: ends });
  return null;
}

function nthGrain(kind: DateColumnKind): Grain {
  return kind === "nthWeek" ? "week" : kind === "nthMonth" ? "month" : "day";
}

/** A date column that counts from the report's start (and the weeks and months of a year): it needs the preamble. */
export const needsStartDate = (kind: DateColumnKind) => kind === "nthDay" || kind === "nthWeek" || kind === "nthMonth";

/** One row's period: its first day and the grain its cells tell (a span's or a range's length); null grain: a day. */
export interface Period {
  start: string;
  /** The first day the row's own cells give, when the period starts before it (a partial week at the file's edge). */
  first?: string;
  /** The last day, for spans and ranges (the rows' own length). */
  end?: string;
}

/** Why a row's date cell does not read (for the message that names its line and column). */
export class DateCellError extends Error {
  constructor(
    readonly column: string,
    readonly value: string,
    message: string,
    /** A calendar date that is none: the importer's own message, with the formats it reads. */
    private readonly calendar = false,
  ) {
    super(message);
  }

  at(line: number): string {
    return this.calendar
      ? M.badDate(line, this.column, this.value)
      : `Line ${line}, column ${this.column}: ${this.message}`;
  }
}

/**
 * Reads a row's period from its date cell(s): "ambiguous" when a slashed date needs an order not known yet, null when
 * the cell is empty (a totals row, told apart by the caller). Throws a DateCellError for a cell that is not a date
 * of the column's kind.
 */
export function readPeriod(
  column: DateColumn,
  fields: readonly string[],
  context: DateContext,
  order: DateOrder | null,
): Period | "ambiguous" | null {
  const raw = (fields[column.index] ?? "").trim();
  if (raw === "") return null;
  const fail = (expected: string): never => {
    throw new DateCellError(column.header, raw, `"${raw}" is not ${expected}`);
  };
  switch (column.kind) {
    case "date": {
      const day = parseDateCell(raw, order ?? column.order);
      if (day === "ambiguous") return day;
      if (day === null) throw new DateCellError(column.header, raw, `"${raw}" is not a date`, true);
      return { start: column.grain === "month" ? monthStart(day) : day };
    }
    case "month": {
      const first = parseMonthCell(raw) ?? dayOf(parseDateCell(raw, order ?? column.order));
      return first ? { start: monthStart(first) } : fail("a month");
    }
    case "range": {
      const range = parseRangeCell(raw, order ?? column.order);
      return range ? { start: range.start, end: range.end } : fail("a range of days");
    }
    case "span": {
      const start = dayOf(parseDateCell(raw, order ?? column.order));
      const endRaw = (fields[column.endIndex!] ?? "").trim();
      const end = dayOf(parseDateCell(endRaw, order ?? column.order));
      if (!start) return fail("a date");
      if (!end) throw new DateCellError(column.header, endRaw, `"${endRaw}" is not a date`);
      return { start, end };
    }
    case "dateHour":
      return { start: parseDateHourCell(raw) ?? fail("a date and hour written YYYYMMDDHH") };
    case "nthDay":
    case "nthWeek":
    case "nthMonth": {
      if (!/^\d{1,5}$/.test(raw)) return fail("a number of days, weeks or months");
      const n = Number(raw);
      const start = context.start!;
      if (column.kind === "nthDay") return { start: addDays(start, n) };
      if (column.kind === "nthWeek") return { start: addDays(weekStartOn(start, 0), 7 * n) };
      return { start: addMonths(start, n) };
    }
    case "weekOfYear":
    case "isoWeekOfYear": {
      if (!/^\d{1,2}$/.test(raw) || Number(raw) < 1 || Number(raw) > 53) return fail("a week number (01 to 53)");
      const year = yearOf(column, fields, context);
      return {
        start: column.kind === "isoWeekOfYear" ? isoWeekStart(year, Number(raw)) : sundayWeekStart(year, Number(raw)),
      };
    }
    case "yearWeek":
    case "isoYearWeek": {
      if (!/^\d{6}$/.test(raw)) return fail("a year and week written YYYYWW");
      const year = Number(raw.slice(0, 4));
      const week = Number(raw.slice(4));
      if (week < 1 || week > 53) return fail("a year and week written YYYYWW");
      return { start: column.kind === "isoYearWeek" ? isoWeekStart(year, week) : sundayWeekStart(year, week) };
    }
    case "monthOfYear": {
      if (!/^\d{1,2}$/.test(raw) || Number(raw) < 1 || Number(raw) > 12) return fail("a month number (01 to 12)");
      return { start: isoDay(yearOf(column, fields, context), Number(raw), 1)! };
    }
    case "yearMonth": {
      const first = /^\d{6}$/.test(raw) ? isoDay(Number(raw.slice(0, 4)), Number(raw.slice(4)), 1) : null;
      return first ? { start: first } : fail("a year and month written YYYYMM");
    }
  }
}

function dayOf(value: string | null | "ambiguous"): string | null {
  return value === null || value === "ambiguous" ? null : value;
}

/** The year of a week or month number: the row's Year column, or the preamble's one year. */
function yearOf(column: DateColumn, fields: readonly string[], context: DateContext): number {
  if (column.yearIndex !== undefined) {
    const raw = (fields[column.yearIndex] ?? "").trim();
    if (!/^\d{4}$/.test(raw)) throw new DateCellError(column.header, raw, `"${raw}" is not a year`);
    return Number(raw);
  }
  return Number(context.start!.slice(0, 4));
}

/** Whether week or month numbers can be dated: a Year column, or a preamble whose range lies in one year. */
export function yearKnown(column: DateColumn, context: DateContext): boolean {
  if (column.yearIndex !== undefined) return true;
  return context.start !== null && (context.end === null || context.end.slice(0, 4) === context.start.slice(0, 4));
}

/**
 * GA4's week N of a year: weeks run Sunday to Saturday and week 01 holds January 1, so week N is the Sunday-to-Saturday
 * week N - 1 after the one holding January 1 (dated by its Sunday, which for week 01 is in December of the year
 * before: the week is partial, as GA4's is).
 */
function sundayWeekStart(year: number, week: number): string {
  return addDays(weekStartOn(`${year}-01-01`, 0), 7 * (week - 1));
}

/** The Monday of ISO week N of an ISO year (week 1 holds the year's first Thursday). */
function isoWeekStart(year: number, week: number): string {
  const jan4 = `${year}-01-04`;
  return addDays(weekStartOn(jan4, 1), 7 * (week - 1));
}

/** The grain of a row's period: a span's or a range's length; the column's declared grain otherwise. */
export function periodGrain(column: DateColumn, period: Period): Grain | null {
  if (period.end === undefined) return column.grain;
  return spanGrain(period.start, period.end);
}

/** Days from a to b. */
export const daysApart = (a: string, b: string) => dayNumber(b) - dayNumber(a);

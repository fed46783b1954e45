// Dates as exports write them: 20260131 (GA4), 2026-01-31 (Search Console, Google Ads, Shopify,
// Meta), 2026/01/31, 01/31/2026 or 31/01/2026 (spreadsheets; which one is told by the data),
// Jan 31, 2026 / January 31, 2026 / Wed, Jan 31, 2026 (Google Ads in some locales), 31 Jan 2026.
// A time after the day ("2026-01-31 00:00:00", "2026-01-31T00:00:00Z") is dropped.

/** Day-first or month-first, for dates written with slashes (or dots, or dashes) and a year last. */
export type DateOrder = "dmy" | "mdy";

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
  january: 1,
  february: 2,
  march: 3,
  april: 4,
  june: 6,
  july: 7,
  august: 8,
  september: 9,
  october: 10,
  november: 11,
  december: 12,
};

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isoDay(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return null;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  if (day > (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1])) return null;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;
const YEAR_FIRST = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const YEAR_LAST = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;
const MONTH_NAME_FIRST = /^(?:[a-z]+,?\s+)?([a-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})$/;
const DAY_FIRST_NAME = /^(\d{1,2})[\s-]+([a-z]+)\.?,?[\s-]+(\d{4})$/;

/** The cell without a time of day after the date. */
function dayPart(raw: string): string {
  const s = raw.trim();
  const t = s.search(/[T\s]\d{1,2}:\d{2}/);
  return (t === -1 ? s : s.slice(0, t)).trim();
}

/**
 * The ISO day of a cell, or null when it is not a real calendar day. A slashed date whose order
 * the caller does not know yet (both parts 12 or less) gives "ambiguous".
 */
export function parseDateCell(raw: string, order: DateOrder | null): string | null | "ambiguous" {
  const s = dayPart(raw).toLowerCase();
  let m = COMPACT.exec(s) ?? YEAR_FIRST.exec(s);
  if (m) return isoDay(Number(m[1]), Number(m[2]), Number(m[3]));
  m = YEAR_LAST.exec(s);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    const year = Number(m[3]);
    const resolved = order ?? (a > 12 ? "dmy" : b > 12 ? "mdy" : null);
    if (!resolved) return "ambiguous";
    return resolved === "dmy" ? isoDay(year, b, a) : isoDay(year, a, b);
  }
  m = MONTH_NAME_FIRST.exec(s);
  if (m && MONTHS[m[1]]) return isoDay(Number(m[3]), MONTHS[m[1]], Number(m[2]));
  m = DAY_FIRST_NAME.exec(s);
  if (m && MONTHS[m[2]]) return isoDay(Number(m[3]), MONTHS[m[2]], Number(m[1]));
  return null;
}

/**
 * The order a column's slashed dates must be read in, told by its values: a first part above 12
 * is a day (31/01/2026), a second part above 12 is a day (01/31/2026). Null when no value tells.
 */
export function detectDateOrder(values: Iterable<string>): DateOrder | null {
  for (const raw of values) {
    const m = YEAR_LAST.exec(dayPart(raw));
    if (!m) continue;
    if (Number(m[1]) > 12) return "dmy";
    if (Number(m[2]) > 12) return "mdy";
  }
  return null;
}

/** Whether a column's values are written day/month or month/day with a year last (the order matters). */
export function hasSlashedDates(values: Iterable<string>): boolean {
  for (const raw of values) if (YEAR_LAST.test(dayPart(raw))) return true;
  return false;
}

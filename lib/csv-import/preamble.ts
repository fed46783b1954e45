import { foldText, parseDateCell } from "./parse-date";

// What exports write above their table: GA4's `#` block (`# Start date: 20220601`, `# End date: 20231126`,
// `# Account: …`, `# Property: …`), Universal Analytics' (`# All Web Site Data`, `# Audience Overview`,
// `# 20190101-20190131`), Google Ads' title and range rows ("Campaign report", "All time", "January 1, 2026 -
// January 31, 2026", "15 April 2024 - 15 April 2026"), blank lines.

export interface Preamble {
  /** The report's first and last day, when the preamble states them. */
  start: string | null;
  end: string | null;
  /** Google Ads' "All time": the rows are totals over the account's whole life. */
  allTime: boolean;
  /** Title lines ("Campaign report", "Audience Overview", "1 Master View"), in order. */
  titles: string[];
  /** The line that states the range (for messages). */
  rangeLine: number | null;
}

export const emptyPreamble = (): Preamble => ({ start: null, end: null, allTime: false, titles: [], rangeLine: null });

/** "20220601" or a date as the tools write them, as an ISO day; a slashed date reads month first. */
function rangeDay(text: string): string | null {
  const day = parseDateCell(text.trim(), null);
  return day === "ambiguous" ? (parseDateCell(text.trim(), "mdy") as string | null) : day;
}

/** A line stating a range of days ("20190101-20190131", "Jan 1, 2026 - Jan 31, 2026"): its ends, or null. */
export function parseRangeLine(text: string): { start: string; end: string } | null {
  const s = text.trim().replace(/^"|"$/g, "");
  const compact = /^(\d{8})\s*-\s*(\d{8})$/.exec(s);
  const parts = compact ? [compact[1], compact[2]] : s.split(/\s+[-–—]\s+|\s+to\s+/i);
  if (parts.length !== 2) return null;
  let start = rangeDay(parts[0]);
  const end = rangeDay(parts[1]);
  // "Jan 1 - Jan 31, 2026": the first day borrows the last one's year.
  if (start === null && end !== null && !/\d{4}/.test(parts[0])) start = rangeDay(`${parts[0]} ${end.slice(0, 4)}`);
  return start && end && start <= end ? { start, end } : null;
}

/** GA4's "# Start date: 20220601" and "# End date: …", in the languages its UI exports in (accents folded). */
const RANGE_LABEL = new RegExp(
  `^(?:(${[
    ...["start date", "date de debut", "startdatum", "fecha de inicio", "data de inicio", "data di inizio"],
    ...["begindatum", "開始日"],
  ].join("|")})|(${[
    ...["end date", "date de fin", "enddatum", "fecha de finalizacion", "fecha de fin", "data de termino"],
    ...["data de fim", "data di fine", "einddatum", "終了日"],
  ].join("|")}))\\s*[:：]\\s*(.+)$`,
);

/**
 * Adds one line above a table (a `#` comment without its `#`, or a record's cells joined) to what the preamble says.
 */
export function notePreambleLine(preamble: Preamble, text: string, line: number): void {
  const s = text.trim();
  if (s === "" || /^-+$/.test(s)) return;
  const labelled = RANGE_LABEL.exec(foldText(s));
  if (labelled) {
    const day = rangeDay(labelled[3]);
    if (day && labelled[1]) preamble.start = day;
    if (day && labelled[2]) preamble.end = day;
    preamble.rangeLine ??= line;
    return;
  }
  if (/^all time$/i.test(s)) {
    preamble.allTime = true;
    preamble.rangeLine = line;
    return;
  }
  const range = parseRangeLine(s);
  if (range) {
    preamble.start = range.start;
    preamble.end = range.end;
    preamble.rangeLine = line;
    return;
  }
  preamble.titles.push(s);
}

/** "May 10, 2026 - November 25, 2026", "Nov 1, 2026 – Nov 30, 2026". */
const DATE_RANGE = /^\s*[A-Za-z]{3,9}\.? \d{1,2}, \d{4}\s*[-–]\s*[A-Za-z]{3,9}\.? \d{1,2}, \d{4}\s*$/;

/**
 * A line above the header that is not the header: a report title ("Campaign report"), a date range ("January 1,
 * 2026 - January 31, 2026"), a blank or one-cell line. A header has at least a date and a metric: two named cells.
 */
export function isPreambleRecord(fields: string[]): boolean {
  // A date range written without quotes splits at its commas into three cells.
  if (fields.length <= 3 && DATE_RANGE.test(fields.join(","))) return true;
  let named = 0;
  for (const f of fields) if (f.trim() !== "" && ++named >= 2) return false;
  return true;
}

const TOTAL_LABEL = /^\s*(grand\s+)?totals?\b/i;

/** A cell that labels a totals row: "Total: Account", "Total: Campaigns", "Totals", "Grand total". */
export const isTotalLabel = (cell: string): boolean => mayBeTotalLabel(cell) && TOTAL_LABEL.test(cell);

/**
 * False when the cell's first character is a digit or a letter other than g and t: no totals label starts so. The
 * reading asks this of every cell of its sample several times; most are numbers, dates and names.
 */
function mayBeTotalLabel(cell: string): boolean {
  const c = cell.charCodeAt(0) | 0x20; // lower case for letters
  if (c >= 0x30 && c <= 0x39) return false;
  return !(c >= 0x61 && c <= 0x7a) || c === 0x67 || c === 0x74;
}

/**
 * A totals row labelled in a cell past the header's last column: GA4's explorations write their grand total so
 * (`,13789,16244,…,14145,Grand total` under a header of seven columns). `width`: the header's number of columns.
 */
export function isLabelledTotalsRow(fields: readonly string[], width: number): boolean {
  if (fields.length <= width) return false;
  const past = fields.slice(width);
  return past.some(isTotalLabel) && past.every((f) => f.trim() === "" || isTotalLabel(f));
}

/**
 * A totals row an export adds to its data: a cell labelled "Total…" (Google Ads' "Total: Account", Shopify's
 * "Totals"), or an empty date with every dimension cell empty and a number (Universal Analytics' `,"2,800"` under its
 * days, GA4's grand total). `dimensionIndexes`: the columns that hold dimensions.
 */
export function isTotalsRow(
  fields: readonly string[],
  dateIndex: number,
  dimensionIndexes: readonly number[] = [],
): boolean {
  const date = fields[dateIndex] ?? "";
  if (date.trim() !== "" && parseDateCell(date, "mdy") !== null) return false;
  if (fields.some(isTotalLabel)) return true;
  return (
    date.trim() === "" &&
    dimensionIndexes.every((i) => (fields[i] ?? "").trim() === "") &&
    fields.some((f) => /\d/.test(f))
  );
}

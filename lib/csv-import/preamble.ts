import { parseDateCell } from "./parse-date";

/** "May 10, 2026 - November 25, 2026", "Nov 1, 2026 – Nov 30, 2026". */
const DATE_RANGE = /^\s*[A-Za-z]{3,9}\.? \d{1,2}, \d{4}\s*[-–]\s*[A-Za-z]{3,9}\.? \d{1,2}, \d{4}\s*$/;

/**
 * A line above the header that is not the header: a report title ("Campaign report"), a date
 * range ("January 1, 2026 - January 31, 2026"), a blank or one-cell line. GA4's `#` lines are
 * comments to the parser already. A header has at least a date and a metric: two named cells.
 */
export function isPreambleRecord(fields: string[]): boolean {
  // A date range written without quotes splits at its commas into three cells.
  if (fields.length <= 3 && DATE_RANGE.test(fields.join(","))) return true;
  let named = 0;
  for (const f of fields) if (f.trim() !== "" && ++named >= 2) return false;
  return true;
}

/**
 * A totals row an export adds below its data (Google Ads: "Total: Account", "Total: Campaigns"),
 * recognised by a cell starting with "Total" and a date cell that holds no date.
 */
export function isTotalsRow(fields: string[], dateIndex: number): boolean {
  const date = fields[dateIndex] ?? "";
  if (date.trim() !== "" && parseDateCell(date, "mdy") !== null) return false;
  return fields.some((f) => /^\s*(grand\s+)?totals?\b/i.test(f));
}

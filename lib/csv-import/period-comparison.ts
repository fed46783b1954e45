import { EXPORT_MESSAGES as X } from "../constants/export-messages";
import { knownColumn, squashName } from "./known-columns";
import { parseDateCell, parseMonthCell } from "./parse-date";
import { parseNumberCell } from "./parse-number";
import { csvTable, firstSection, RowsByKey } from "./compared-export";

// Shopify's analytics exports made with a comparison ("Compare to: Previous year / Previous period") write the other
// period's figures beside each row: "Sessions (previous_year)" after "Sessions", and the other period's own date in
// "Month (previous_year)" or "Day (previous_period)" (github.com/Steproac/Monfrere-Tactical-Audit, "Sessions over
// time.csv"); a second column of the same name with a trailing space holds the change in percent. Both periods are the
// shop's own history: when the other period's dates are known (its date column, or a month compared with the same
// month a year before) each of its rows is imported as the period it is, into a table of the file's own header
// without the comparison's columns, which the reading then reads as any export (as Search Console's compared ranges
// are, lib/csv-import/range-comparison.ts). When they are not known the comparison's columns are left out, and the
// reading's note says so.

/** A header "<name> (previous_year)": the name and which comparison; the suffix Shopify writes, spaced or not. */
const SUFFIX = /^(.*\S)\s*\((previous[ _]?(?:year|period)|comparison|compared)\)\s*$/i;

export interface PeriodComparison {
  /** The comparison's label as the file writes it ("previous_year"). */
  label: string;
  /** The other period's date column, or -1. */
  date: number;
  /** The table's own date column. */
  ownDate: number;
  /** Each of the other period's value columns and the column of this period it stands beside. */
  metrics: { own: number; other: number }[];
  /** Every column of the comparison (the other period's values and dates, the changes in percent). */
  columns: Set<number>;
}

/** The comparison columns of a header beside its date column, or null when it has none. */
export function periodComparison(headers: readonly string[]): PeriodComparison | null {
  const byName = new Map<string, number>();
  headers.forEach((h, i) => {
    const key = squashName(h);
    if (key !== "" && !byName.has(key) && !SUFFIX.test(h)) byName.set(key, i);
  });
  const ownDate = headers.findIndex((h) => !SUFFIX.test(h) && knownColumn(h)?.target === "date");
  if (ownDate === -1) return null;
  const seen = new Set<string>();
  let label: string | null = null;
  let date = -1;
  const metrics: PeriodComparison["metrics"] = [];
  const columns = new Set<number>();
  headers.forEach((h, i) => {
    const m = SUFFIX.exec(h);
    if (!m) return;
    columns.add(i);
    const key = squashName(h);
    // The second column of the same name is the change in percent (Shopify writes it with a trailing space).
    if (seen.has(key)) return;
    seen.add(key);
    label ??= m[2];
    const own = byName.get(squashName(m[1]));
    if (own === undefined) return;
    if (own === ownDate) date = i;
    else metrics.push({ own, other: i });
  });
  if (label === null || metrics.length === 0) return null;
  return { label, date, ownDate, metrics, columns };
}

/** The other period's first day of a row, told from this period's when the label says how (a month a year before). */
function shifted(comparison: PeriodComparison, headers: readonly string[]): ((own: string) => string | null) | null {
  if (!/year/i.test(comparison.label) || squashName(headers[comparison.ownDate]) !== "month") return null;
  return (own) => {
    const day = parseMonthCell(own) ?? dateOf(own);
    return day === null ? null : `${Number(day.slice(0, 4)) - 1}${day.slice(4, 8)}01`;
  };
}

const dateOf = (raw: string): string | null => {
  const day = parseDateCell(raw, "mdy");
  return day === "ambiguous" ? null : day;
};

/** Whether the comparison's rows can be imported as the periods they are (their dates are known). */
export function isDatedPeriodComparison(headers: readonly string[]): boolean {
  const comparison = periodComparison(headers);
  return comparison !== null && (comparison.date !== -1 || shifted(comparison, headers) !== null);
}

/** The note of a table whose comparison columns are left out because their periods are not known; null otherwise. */
export function undatedComparisonNote(headers: readonly string[]): string | null {
  const comparison = periodComparison(headers);
  if (!comparison || isDatedPeriodComparison(headers)) return null;
  const names = comparison.metrics.map((m) => headers[m.other].trim());
  return `The columns of the ${comparison.label.replace(/_/g, " ")} (${names.join(", ")}) are left out: the file does not say which ${headers[comparison.ownDate]} each of their figures belongs to (export with the comparison's own date column, or the other period as a file of its own)`;
}

export interface PeriodComparisonRows {
  /** Both periods' rows as CSV text, on the file's header without the comparison's columns. */
  text: string;
  note: string;
  refusal: string | null;
}

/**
 * Both periods' rows of an export with a dated comparison, or null when `text` is not one. `complete`: the text is the
 * whole file (otherwise its last record may be cut off and is left out).
 */
export function periodComparisonRows(text: string, complete: boolean): PeriodComparisonRows | null {
  const { section } = firstSection(text, complete);
  if (!section || !isDatedPeriodComparison(section.headers)) return null;
  const { headers } = section;
  const comparison = periodComparison(headers)!;
  const kept = headers.flatMap((_, i) => (comparison.columns.has(i) ? [] : [i]));
  const header = kept.map((i) => headers[i].trim());
  const fail = (message: string): PeriodComparisonRows => ({ text: csvTable(header), note: "", refusal: message });
  const shift = comparison.date === -1 ? shifted(comparison, headers) : null;
  const otherOf = new Map(comparison.metrics.map((m) => [m.own, m.other]));
  // Columns of text (a referrer, a city) name the row in both periods; numbers without a comparison column have no
  // value in the other period.
  const isText = (i: number) =>
    section.rows.some((r) => (r[i] ?? "").trim() !== "" && parseNumberCell(r[i] ?? "") === null);
  const dimensions = kept.filter((i) => i !== comparison.ownDate && !otherOf.has(i) && isText(i));
  const otherCell = (cell: (i: number) => string, otherDate: string) => (i: number) =>
    i === comparison.ownDate
      ? otherDate
      : otherOf.has(i)
        ? cell(otherOf.get(i)!)
        : dimensions.includes(i)
          ? cell(i)
          : "";
  // Rows by period and dimensions: a period in both (periods that overlap) must have the same figures in both.
  const byKey = new RowsByKey();
  const counts = [new Set<string>(), new Set<string>()];
  for (let r = 0; r < section.rows.length; r++) {
    const fields = section.rows[r];
    const line = section.lines[r];
    if (fields.every((f) => f.trim() === "")) continue;
    const cell = (i: number) => (fields[i] ?? "").trim();
    const own = cell(comparison.ownDate);
    const periods: [string, (i: number) => string][] = [[own, cell]];
    const otherDate = comparison.date !== -1 ? cell(comparison.date) : own === "" ? "" : (shift!(own) ?? "");
    const otherValues = comparison.metrics.map((m) => cell(m.other));
    if (otherDate !== "" && otherValues.some((v) => v !== "")) periods.push([otherDate, otherCell(cell, otherDate)]);
    for (let p = 0; p < periods.length; p++) {
      const [date, read] = periods[p];
      const cells = kept.map(read);
      // A totals row, a row without a date: kept as it comes (the reading compares totals with the rows' sums).
      const day = date === "" ? null : (dateOf(date) ?? parseMonthCell(date));
      const key = [day ?? `${line}:${p}`, ...dimensions.map(cell)].join("\u0001");
      const added = byKey.add(key, line, cells);
      if (typeof added === "number") return fail(X.periodOverlap(line, date, added));
      if (added === "kept" && day) counts[p].add(day);
    }
  }
  const span = (p: 0 | 1) => {
    const days = [...counts[p]].sort();
    return days.length === 0 ? "none" : `${days.length} (${days[0]} to ${days[days.length - 1]})`;
  };
  const dateName = headers[comparison.ownDate].trim();
  const how =
    comparison.date !== -1 ? `told by its column ${headers[comparison.date].trim()}` : "a year before the row's own";
  return {
    text: csvTable(
      header,
      [...byKey.rows.values()].map((row) => row.cells),
    ),
    note: `Compared with the ${comparison.label.replace(/_/g, " ")}: both periods are the shop's own history, so each row's ${comparison.label.replace(/_/g, " ")} figures are imported as the ${dateName.toLowerCase()} they are, its date ${how} (this period's rows: ${span(0)}; the other period's: ${span(1)}${complete ? "" : ", in the rows read so far"}); the columns of changes in percent are left out`,
    refusal: null,
  };
}

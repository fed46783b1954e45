import { addDays, dayNumber } from "../dates";
import { DATA_SOURCE_MESSAGES as M } from "../constants/data-source-messages";
import { EXPORT_MESSAGES as X } from "../constants/export-messages";
import { squashName } from "./known-columns";
import { detectDateOrder, foldText, parseDateCell, parseRangeCell, type DateOrder } from "./parse-date";
import { parseNumberCell } from "./parse-number";
import { csvTable, firstSection, RowsByKey } from "./compared-export";

// Search Console's Performance report with Compare on (the date filter's Compare tab) exports every metric twice, each
// named after its range: "Last 28 days Clicks" and "Previous 28 days Clicks", "Last 3 months Clicks" and "Previous 3
// months Clicks", or the ranges' own dates when they are custom ("10/1/25 - 12/31/25 Clicks" and "10/1/24 - 12/31/24
// Clicks"). The real ones (aishKodes/radiance-clinic seo/gsc-raw/compare-28d, DanielTheC/internal-lnking-tool's
// Performance-on-Search workbook) hold the tables of queries, pages, countries and devices, each row a total over
// each range, and no chart of dates: those are refused with the way to get days. A table of dates so compared has
// both ranges' days, which are the same site's history: each range's days are read as the days they are, into a table
// of our own column names, one row per day, which the reading then reads as any export (as HubSpot's deal lists are,
// lib/csv-import/deal-list.ts): the wizard's preview and the importer read the same table.

/** A metric Search Console writes after a range's label, in the languages of its exports, by our name for it. */
const METRICS: readonly (readonly [string, readonly string[]])[] = [
  ["Clicks", ["Clicks", "Clics", "Klicks", "Cliques", "Klikken", "Kliknięcia", "Klik", "Tıklamalar"]],
  ["Impressions", ["Impressions", "Impresiones", "Impressionen", "Impressões", "Impressioni", "Vertoningen"]],
  ["CTR", ["CTR"]],
  ["Position", ["Position", "Posición", "Posição", "Posizione", "Positie", "Pozycja"]],
  ["Date", ["Date", "Fecha", "Datum", "Data"]],
];
const SUFFIXES = METRICS.flatMap(([name, words]) => words.map((word) => ({ name, word: foldText(word) }))).sort(
  (a, b) => b.word.length - a.word.length,
);

/** Words a range's label is made of: "Last 28 days", "Previous 3 months", "3 derniers mois", "Letzte 7 Tage". */
const RANGE_WORDS = new RegExp(
  `(^|[\\s(])(${[
    ...["hours?", "days?", "weeks?", "months?", "years?", "period"],
    ...["jours?", "semaines?", "mois", "annee", "tage", "wochen", "monate", "jahr"],
    ...["dias", "semanas", "meses", "ano", "giorni", "mesi", "dagen", "maanden"],
  ].join("|")})($|[\\s),])`,
);
/** A label of the ranges' own dates ("10/1/25 - 12/31/25", "Oct 1, 2025 - Dec 31, 2025"). */
const DATED = /\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}|[a-z]{3,}\.? \d{1,2},? \d{4}/i;

/** The compared ranges of a header, and which column holds which range's metric. */
export interface RangeComparison {
  /** The two ranges' labels, in the header's order (Search Console puts the range compared first). */
  labels: [string, string];
  /** Each range's metric columns: `name` is ours (Clicks, Impressions, CTR, Position). */
  metrics: { index: number; range: 0 | 1; name: string }[];
  /** Each range's own date column ("Last 28 days Date"), or -1. */
  dates: [number, number];
}

/** The label and metric of a header "<range label> <metric>", or null. */
function labelled(header: string): { label: string; name: string } | null {
  const folded = foldText(header.trim());
  for (const { name, word } of SUFFIXES) {
    if (!folded.endsWith(` ${word}`)) continue;
    const label = header
      .trim()
      .slice(0, header.trim().length - word.length - 1)
      .trim();
    const foldedLabel = foldText(label);
    if (label !== "" && (RANGE_WORDS.test(foldedLabel) || DATED.test(label))) return { label, name };
  }
  return null;
}

/** The header's two compared ranges, or null when it is no Search Console comparison. */
export function rangeComparison(headers: readonly string[]): RangeComparison | null {
  const labels: string[] = [];
  const columns: { index: number; label: number; name: string }[] = [];
  headers.forEach((header, index) => {
    const found = labelled(header);
    if (!found) return;
    let label = labels.findIndex((l) => squashName(l) === squashName(found.label));
    if (label === -1) label = labels.push(found.label) - 1;
    columns.push({ index, label, name: found.name });
  });
  if (labels.length !== 2) return null;
  // The same metric under both ranges: a comparison, not two metrics that happen to share a word.
  const names = (range: number) =>
    new Set(columns.filter((c) => c.label === range && c.name !== "Date").map((c) => c.name));
  const first = names(0);
  if (![...names(1)].some((n) => first.has(n))) return null;
  const dateOf = (range: number) => columns.find((c) => c.label === range && c.name === "Date")?.index ?? -1;
  return {
    labels: [labels[0], labels[1]],
    metrics: columns
      .filter((c) => c.name !== "Date")
      .map((c) => ({ index: c.index, range: c.label as 0 | 1, name: c.name })),
    dates: [dateOf(0), dateOf(1)],
  };
}

/** The columns of a comparison that hold a date for both ranges ("Date" alone): their indexes. */
function plainDateColumns(headers: readonly string[], comparison: RangeComparison): number[] {
  const taken = new Set([...comparison.metrics.map((m) => m.index), ...comparison.dates]);
  const dateWords = new Set(METRICS.find(([name]) => name === "Date")![1].map(squashName));
  return headers.flatMap((h, i) => (!taken.has(i) && dateWords.has(squashName(h)) ? [i] : []));
}

/** Whether a header is a Search Console comparison with a date column (its rows are days of both ranges). */
export function isDatedComparison(headers: readonly string[]): boolean {
  const comparison = rangeComparison(headers);
  return (
    comparison !== null && (comparison.dates.some((d) => d !== -1) || plainDateColumns(headers, comparison).length > 0)
  );
}

const PREVIOUS =
  /(^|\s)(previous|prior|preceding|precedents?|precedentes?|vorherige[nr]?|anteriores?|precedenti|vorige)(\s|$)/;
const YEAR_AGO = /last year|year ago|year over year|annee derniere|an dernier|vorjahr|ano pasado|anno scorso/;

/**
 * How the other range's day is told from a row's one date: the ranges' own dates in their labels, or a range that
 * is the same number of days just before the other ("Last 28 days" and "Previous 28 days"; "Last 3 months" and
 * "Previous 3 months", as long as the range of the rows). Null when the labels do not say ("Same period last year").
 */
type Counterpart = (date: string) => [string, string] | null;

function counterpart(labels: [string, string], order: DateOrder, currentDays: () => number): Counterpart | null {
  const ranges = labels.map((l) => parseRangeCell(l, order));
  if (ranges[0] && ranges[1]) {
    const [a, b] = ranges as { start: string; end: string }[];
    return (date) => {
      const own = date >= a.start && date <= a.end ? a : date >= b.start && date <= b.end ? b : null;
      if (!own) return null;
      const n = dayNumber(date) - dayNumber(own.start);
      return [addDays(a.start, n), addDays(b.start, n)];
    };
  }
  const folded = labels.map(foldText);
  if (folded.some((l) => YEAR_AGO.test(l))) return null;
  const previous = folded.findIndex((l) => PREVIOUS.test(l));
  if (previous === -1 || PREVIOUS.test(folded[1 - previous])) return null;
  const days = /(\d+)\s*(days?|jours|tage|dias|giorni|dagen)\b/.exec(folded[1 - previous]);
  const offset = days ? Number(days[1]) : currentDays();
  return (date) => {
    const other = addDays(date, -offset);
    return previous === 1 ? [date, other] : [other, date];
  };
}

export interface ComparisonDays {
  /** Both ranges' days as CSV text: Date, then the metrics under our names. */
  text: string;
  note: string;
  /** Why the days cannot be read (a line and column); the table is then empty. */
  refusal: string | null;
}

/**
 * The days of both ranges of a Search Console comparison with dates, or null when `text` is not one. `complete`:
 * the text is the whole file (otherwise its last record may be cut off and is left out).
 */
export function comparisonDays(text: string, complete: boolean): ComparisonDays | null {
  const { separator, section } = firstSection(text, complete);
  if (!section || !isDatedComparison(section.headers)) return null;
  const { headers } = section;
  const comparison = rangeComparison(headers)!;
  const names = [...new Set(comparison.metrics.map((m) => m.name))];
  const header = ["Date", ...names];
  const fail = (message: string): ComparisonDays => ({ text: csvTable(header), note: "", refusal: message });
  const plain = plainDateColumns(headers, comparison);
  const rows = section.rows
    .map((fields, r) => ({ fields, line: section.lines[r] }))
    .filter(({ fields }) => fields.some((f) => f.trim() !== ""));
  const cell = (fields: string[], i: number) => (i === -1 ? "" : (fields[i] ?? "").trim());
  // Each row's date cells: one per range, or one for both (which may hold the two: "2025-10-01 vs 2024-10-01").
  const dateCells = (fields: string[]): { column: number; raw: string }[] => {
    if (comparison.dates[0] !== -1 && comparison.dates[1] !== -1)
      return comparison.dates.map((column) => ({ column, raw: cell(fields, column) }));
    if (plain.length >= 2) return plain.slice(0, 2).map((column) => ({ column, raw: cell(fields, column) }));
    const column = plain[0] ?? comparison.dates.find((d) => d !== -1)!;
    const parts = cell(fields, column).split(/\s+(?:vs\.?|versus|compared (?:to|with))\s+|\s*\|\s*/i);
    return parts.map((raw) => ({ column, raw: raw.trim() }));
  };
  const order: DateOrder =
    detectDateOrder([
      ...rows.flatMap(({ fields }) => dateCells(fields).map((d) => d.raw)),
      ...comparison.labels.flatMap((l) => l.split(/\s+[-–—]\s+/)),
    ]) ?? "mdy";
  const readDate = (line: number, column: number, raw: string): string | ComparisonDays => {
    const day = parseDateCell(raw, order);
    return day === null || day === "ambiguous" ? fail(M.badDate(line, headers[column], raw)) : day;
  };
  // The first range's days, for a range "just before" it of as many days.
  let firstDays: string[] | null = null;
  const currentDays = () => {
    const days = (firstDays ?? []).sort();
    return days.length === 0 ? 0 : dayNumber(days[days.length - 1]) - dayNumber(days[0]) + 1;
  };
  const singles: { line: number; column: number; date: string }[] = [];
  const dated: { line: number; fields: string[]; days: [string, string] | null; column: number }[] = [];
  for (const { fields, line } of rows) {
    const cells = dateCells(fields);
    if (cells.length === 2) {
      const days: string[] = [];
      for (const { column, raw } of cells) {
        if (raw === "") {
          days.push("");
          continue;
        }
        const day = readDate(line, column, raw);
        if (typeof day !== "string") return day;
        days.push(day);
      }
      dated.push({ line, fields, days: days as [string, string], column: cells[0].column });
      continue;
    }
    const { column, raw } = cells[0];
    const day = readDate(line, column, raw);
    if (typeof day !== "string") return day;
    singles.push({ line, column, date: day });
    dated.push({ line, fields, days: null, column });
  }
  if (singles.length > 0) {
    firstDays = singles.map((s) => s.date);
    const other = counterpart(comparison.labels, order, currentDays);
    if (!other) return fail(X.comparisonWithoutDays(section.headerLine, comparison.labels));
    let s = 0;
    for (const row of dated) {
      if (row.days) continue;
      const single = singles[s++];
      const days = other(single.date);
      if (!days)
        return fail(X.comparisonDateOutside(single.line, headers[single.column], single.date, comparison.labels));
      row.days = days;
    }
  }
  // Each range's row of a day; a day in both ranges (ranges that overlap) must have the same figures in both.
  const byDay = new RowsByKey();
  const counts: [string[], string[]] = [[], []];
  for (const { line, fields, days } of dated) {
    for (const range of [0, 1] as const) {
      const columns = comparison.metrics.filter((m) => m.range === range);
      const cells = names.map((name) => cell(fields, columns.find((m) => m.name === name)?.index ?? -1));
      if (cells.every((c) => c === "")) continue;
      const day = days![range];
      if (day === "") continue;
      for (const m of columns) {
        const raw = cell(fields, m.index);
        if (raw !== "" && parseNumberCell(raw, { decimalComma: separator === ";" }) === null)
          return fail(M.notANumber(line, headers[m.index], raw));
      }
      const added = byDay.add(day, line, cells);
      if (typeof added === "number") return fail(X.comparisonOverlap(line, day, added));
      if (added === "kept") counts[range].push(day);
    }
  }
  const days = [...byDay.rows.keys()].sort();
  const span = (range: 0 | 1) => {
    const own = counts[range].sort();
    return own.length === 0
      ? `${comparison.labels[range]}: no day`
      : `${comparison.labels[range]}: ${own.length.toLocaleString("en")} day${own.length === 1 ? "" : "s"}, ${own[0]} to ${own[own.length - 1]}`;
  };
  return {
    text: csvTable(
      header,
      days.map((d) => [d, ...byDay.rows.get(d)!.cells]),
    ),
    note: `Search Console comparison of ${comparison.labels[0]} with ${comparison.labels[1]}: both are the site's own history, so each range's days are imported as the days they are (${span(0)}; ${span(1)}${complete ? "" : ", in the rows read so far"})`,
    refusal: null,
  };
}

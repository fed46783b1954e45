import { EXPORT_MESSAGES as X } from "../constants/export-messages";
import { DATA_SOURCE_MESSAGES as M } from "../constants/data-source-messages";
import { dayNumber } from "../dates";
import { parseTarget } from "./column-targets";
import {
  DateCellError,
  findDateColumn,
  needsStartDate,
  periodGrain,
  readPeriod,
  yearKnown,
  type DateColumn,
  type DateContext,
} from "./date-column";
import type { TextEncoding } from "./encoding";
import { GRAIN_WORDS, inferGrain, offGrain, periodEnd, type Grain } from "./grain";
import { dealColumns, dealListDays, missingDealColumns } from "./deal-list";
import { orderColumns, orderListDays } from "./order-list";
import { detectTool, TOOL_NAMES, type Tool } from "./guidance";
import { headerLanguage, squashName } from "./known-columns";
import { detectDateOrder, hasSlashedDates, isWeekdayName, looksLikeDate, type DateOrder } from "./parse-date";
import { columnMarks, type ColumnMark } from "./number-format";
import { parseNumberCell } from "./parse-number";
import { isTotalLabel, isTotalsRow, type Preamble } from "./preamble";
import { proposeMapping, type ProposedColumn } from "./propose-mapping";
import { comparisonDays, isDatedComparison, rangeComparison } from "./range-comparison";
import { isDatedPeriodComparison, periodComparisonRows, undatedComparisonNote } from "./period-comparison";
import { readItems, sniffSeparator } from "./read-items";
import type { Separator } from "./csv-parser";
import { SectionSplitter, type Section } from "./sections";

// The one reading of an export, shared by the upload wizard's preview (in the browser, on the file's first
// PREVIEW_BYTES), the API without a mapping and the importer (on the same bytes): its encoding, separator, preamble,
// tables, which table is imported (GA4's tables that share a date column merged into one), where its dates are and
// how they read, its grain, whether rows are added up over a breakdown, its totals rows, the proposed mapping, and,
// when nothing can be imported, why and what to export instead.

/** The start of a file the reading sees: the preview and the importer read the same bytes. */
export const PREVIEW_BYTES = 256 * 1024;
/** Rows of each table kept for the reading: all the sample holds (at most PREVIEW_BYTES of text). */
const SAMPLE_ROWS = Infinity;

export interface SectionSummary {
  headerLine: number;
  headers: string[];
  rowCount: number;
  imported: boolean;
  /** Why a table is not imported, in plain words. */
  note?: string;
}

/** A table of the file taking part in the import: its header and where each of its columns sits in the merged one. */
export interface TablePart {
  headerLine: number;
  headers: string[];
  columns: number[];
}

export interface ImportTable {
  headerLine: number;
  /** The merged header: the first table's columns, then the other tables' new ones. */
  headers: string[];
  parts: TablePart[];
  date: DateColumn;
  context: DateContext;
  proposal: ProposedColumn[];
  /** Sample rows on the merged header (tables merged by date), and their lines. */
  rows: string[][];
  lines: number[];
  /** Rows repeat a date and dimension values: they are added up over the columns that tell them apart. */
  summed: { over: string[]; line: number; firstLine: number } | null;
  /** Rows with every dimension empty are the day's totals (Meta's account row above its campaigns). */
  emptyDimensionTotals: boolean;
  /** The periods the sample holds. */
  periods: { first: string; last: string; count: number; grain: Grain } | null;
  /** The slashed dates' order, when the values tell. */
  dateOrder: DateOrder | null;
  /** Each column's decimal mark, as its own cells (else the file's other numbers, else the separator) tell. */
  marks: ColumnMark[];
}

export interface ExportReading {
  encoding: TextEncoding;
  separator: Separator;
  tool: Tool | null;
  preamble: Preamble;
  sections: SectionSummary[];
  table: ImportTable | null;
  /** Why nothing can be imported (the line, the column, what to export instead); null when the table imports. */
  refusal: string | null;
  notes: string[];
  /** Whether the text read was the whole file. */
  complete: boolean;
  /**
   * The file is a list of deals (HubSpot's deals export), read as the table of their counts by day
   * (lib/csv-import/deal-list.ts): the importer counts the whole file's deals before it imports.
   */
  dealList?: true;
  /**
   * The file is a Search Console comparison of two date ranges with dates, read as the table of both ranges' days
   * (lib/csv-import/range-comparison.ts): the importer reads the whole file's days before it imports.
   */
  rangeComparison?: true;
  /**
   * The file is Shopify's orders export, read as the table of its orders by day (lib/csv-import/order-list.ts): the
   * importer counts the whole file's orders before it imports.
   */
  orderList?: true;
  /**
   * The file holds a comparison period's figures beside each row with their own dates (Shopify's "(previous_year)"
   * columns), read as the table of both periods' rows (lib/csv-import/period-comparison.ts): the importer reads the
   * whole file's rows before it imports.
   */
  periodComparison?: true;
}

interface Analysis {
  section: Section;
  date: DateColumn | null;
  proposal: ProposedColumn[];
  metrics: number;
  dimensions: string[];
}

const range = (s: Section) => (s.start && s.end ? ` (${s.start} to ${s.end})` : "");
const columnsOf = (headers: readonly string[], max = 3) =>
  headers.slice(0, max).join(", ") + (headers.length > max ? ", …" : "");

function analyse(section: Section): Analysis {
  const date = findDateColumn(section.headers, section.rows);
  const proposal = proposeMapping(section.headers, null, {
    dateIndex: date?.index,
    dateColumns: { end: date?.endIndex, year: date?.yearIndex },
    values: (i) => section.rows.map((r) => r[i] ?? ""),
  });
  let metrics = 0;
  const dimensions: string[] = [];
  proposal.forEach((c) => {
    const kind = parseTarget(c.target).kind;
    if (kind === "metric") metrics++;
    if (kind === "dimension" || kind === "sourceMedium") dimensions.push(c.target);
  });
  return { section, date, proposal, metrics, dimensions: dimensions.sort() };
}

/** How a table's rows are matched when tables merge: its date column and its dimensions. */
const shapeKey = (a: Analysis) => `${squashName(a.date!.header)}|${a.date!.kind}|${a.dimensions.join(",")}`;

/**
 * Reads the start of a file (or all of it: `complete`). `text` is decoded already (`encoding` says from what).
 */
export function readExport(
  text: string,
  {
    complete,
    encoding = "utf-8",
    tool: knownTool,
  }: { complete: boolean; encoding?: TextEncoding; /** The tool, when the caller knows it. */ tool?: Tool },
): ExportReading {
  const separator = sniffSeparator(text);
  const { items, error } = readItems(text, separator, complete);
  const splitter = new SectionSplitter(SAMPLE_ROWS);
  for (const item of items) splitter.add(item);
  const { preamble, sections } = splitter;
  const lacking = sections.length > 0 ? missingDealColumns(sections[0].headers) : null;
  if (lacking) {
    const refused = readExport("", { complete: true, encoding, tool: "hubspot" });
    refused.refusal = X.dealsWithoutDays(sections[0].headerLine, lacking);
    return refused;
  }
  if (sections.length > 0 && dealColumns(sections[0].headers)) {
    const deals = dealListDays(text, complete)!;
    const counted = readExport(deals.text, { complete, encoding, tool: "hubspot" });
    counted.dealList = true;
    counted.notes.unshift(deals.note);
    if (deals.refusal) counted.refusal = deals.refusal;
    return counted;
  }
  if (sections.length > 0 && orderColumns(sections[0].headers)) {
    const orders = orderListDays(text, complete)!;
    const counted = readExport(orders.text, { complete, encoding, tool: "shopify" });
    counted.orderList = true;
    counted.notes.unshift(orders.note);
    if (orders.refusal) counted.refusal = orders.refusal;
    return counted;
  }
  if (sections.length > 0 && isDatedComparison(sections[0].headers)) {
    const days = comparisonDays(text, complete)!;
    const read = readExport(days.text, { complete, encoding, tool: "searchConsole" });
    read.rangeComparison = true;
    read.notes.unshift(days.note);
    if (days.refusal) read.refusal = days.refusal;
    return read;
  }
  if (sections.length > 0 && isDatedPeriodComparison(sections[0].headers)) {
    const both = periodComparisonRows(text, complete)!;
    const read = readExport(both.text, { complete, encoding, tool: knownTool ?? "shopify" });
    read.periodComparison = true;
    read.notes.unshift(both.note);
    if (both.refusal) read.refusal = both.refusal;
    return read;
  }
  const tool =
    knownTool ??
    (sections.some((s) => rangeComparison(s.headers))
      ? "searchConsole"
      : detectTool(
          preamble,
          sections.map((s) => s.headers),
        ));
  const reading: ExportReading = {
    encoding,
    separator,
    tool,
    preamble,
    sections: sections.map((s) => ({
      headerLine: s.headerLine,
      headers: s.headers,
      rowCount: s.rowCount,
      imported: false,
    })),
    table: null,
    refusal: null,
    notes: [],
    complete,
  };
  if (sections.length === 0) {
    const records = items.some((i) => i.kind === "record");
    reading.refusal = error
      ? M.syntax(error.line, error.message)
      : records
        ? X.noDataTable(preamble.rangeLine ?? 1)
        : M.emptyFile;
    return reading;
  }
  const analyses = sections.map(analyse);
  const importable = analyses.filter((a) => a.date && a.metrics > 0 && a.section.rowCount > 0);
  if (importable.length === 0) {
    reading.refusal = error
      ? M.syntax(error.line, error.message)
      : sections.every((s) => s.rowCount === 0) && complete
        ? M.noRows
        : whyNothing(analyses, preamble, tool);
    describeSkipped(reading, analyses, new Set());
    return reading;
  }

  // The first importable table, and the others of its shape (GA4's cards that share "Nth day") merged into it.
  const first = importable[0];
  const parts: Analysis[] = [first];
  const taken = new Set(
    first.proposal.flatMap((c, i) =>
      parseTarget(c.target).kind === "metric" ? [squashName(first.section.headers[i])] : [],
    ),
  );
  const skipped = new Map<Analysis, string>();
  for (const other of importable.slice(1)) {
    if (shapeKey(other) !== shapeKey(first)) {
      skipped.set(other, "another table of the file, with other columns: upload it as a file of its own");
      continue;
    }
    const metrics = other.proposal.flatMap((c, i) =>
      parseTarget(c.target).kind === "metric" ? [squashName(other.section.headers[i])] : [],
    );
    if (metrics.every((m) => taken.has(m))) {
      skipped.set(other, `the same figures again${range(other.section)}: a comparison, not imported`);
      continue;
    }
    for (const m of metrics) taken.add(m);
    parts.push(other);
  }
  const table = mergeTables(parts, preamble);
  reading.table = table;
  const partSet = new Set(parts);
  for (let i = 0; i < analyses.length; i++) if (partSet.has(analyses[i])) reading.sections[i].imported = true;
  describeSkipped(reading, analyses, partSet, skipped);
  if (parts.length > 1)
    reading.notes.push(
      `${parts.length} tables share the ${table.date.header} column and are imported together, one row per ${GRAIN_WORDS[table.periods?.grain ?? table.date.grain ?? "day"].noun}: ${parts
        .map((p) => p.section.headers.filter((h, i) => i !== p.date!.index).join(", "))
        .join("; ")}`,
    );

  const refusal = checkDates(table, tool) ?? checkRows(table, separator);
  if (refusal) {
    reading.refusal = refusal;
    return reading;
  }
  describeTable(reading, table);
  const undated = undatedComparisonNote(table.headers);
  if (undated) reading.notes.push(undated);
  return reading;
}

/** The merged header, the parts' column positions in it, and the sample rows joined by period and dimensions. */
function mergeTables(parts: Analysis[], preamble: Preamble): ImportTable {
  const base = parts[0];
  const headers = [...base.section.headers];
  const keys = headers.map(squashName);
  const tableParts: TablePart[] = parts.map((p) => {
    const columns = p.section.headers.map((h, i) => {
      if (p !== base && i === p.date!.index) return base.date!.index;
      const key = squashName(h);
      const existing = keys.indexOf(key);
      // A dimension (or the date's companions) is the base table's; a metric is new to the merged header.
      const kind = parseTarget(p.proposal[i].target).kind;
      if (existing !== -1 && (p === base || kind !== "metric")) return existing;
      headers.push(h);
      keys.push(key);
      return headers.length - 1;
    });
    return { headerLine: p.section.headerLine, headers: p.section.headers, columns };
  });
  const context: DateContext = { start: base.section.start ?? preamble.start, end: base.section.end ?? preamble.end };
  // The sample rows, on the merged header; tables beyond the first join the row of their date and dimensions.
  const dimensionColumns = base.proposal.flatMap((c, i) =>
    ["dimension", "sourceMedium"].includes(parseTarget(c.target).kind) ? [i] : [],
  );
  const rows: string[][] = [];
  const lines: number[] = [];
  const byKey = new Map<string, number>();
  tableParts.forEach((part, p) => {
    const section = parts[p].section;
    section.rows.forEach((row, r) => {
      const merged = new Array<string>(headers.length).fill("");
      part.columns.forEach((to, from) => (merged[to] = row[from] ?? ""));
      // One table: no other joins its rows.
      if (tableParts.length === 1) {
        rows.push(merged);
        lines.push(section.lines[r]);
        return;
      }
      const key = [base.date!.index, ...dimensionColumns].map((i) => merged[i].trim()).join("\u0001");
      const at = p > 0 ? byKey.get(key) : undefined;
      if (at !== undefined) {
        part.columns.forEach((to, from) => {
          if (to !== base.date!.index && !dimensionColumns.includes(to)) rows[at][to] = row[from] ?? "";
        });
        return;
      }
      if (!byKey.has(key)) byKey.set(key, rows.length);
      rows.push(merged);
      lines.push(section.lines[r]);
    });
  });
  const date = base.date!;
  const proposal = proposeMapping(headers, null, {
    dateIndex: date.index,
    dateColumns: { end: date.endIndex, year: date.yearIndex },
    values: (i) => rows.map((r) => r[i] ?? ""),
  });
  return {
    headerLine: base.section.headerLine,
    headers,
    parts: tableParts,
    date,
    context,
    proposal,
    rows,
    lines,
    summed: null,
    emptyDimensionTotals: false,
    periods: null,
    dateOrder:
      date.order ?? detectDateOrder(rows.map((r) => r[date.index] ?? "")) ?? languageOrder(headers, rows, date),
    marks: [],
  };
}

/**
 * Slashed dates no value of which tells the order (03/04/2026 to 12/11/2026), in a header of a language whose tools
 * write the day first (every one but English and Japanese): read day first. Null otherwise (month first).
 */
function languageOrder(headers: readonly string[], rows: readonly string[][], date: DateColumn): DateOrder | null {
  const language = headerLanguage(headers)?.code;
  // Japanese, Chinese, Korean and Swedish write the year first; English month first.
  if (!language || ["en", "ja", "zh", "ko", "sv"].includes(language)) return null;
  return hasSlashedDates(rows.map((r) => r[date.index] ?? "")) ? "dmy" : null;
}

/** The tables not imported, each with why. */
function describeSkipped(
  reading: ExportReading,
  analyses: Analysis[],
  parts: Set<Analysis>,
  skipped = new Map<Analysis, string>(),
) {
  analyses.forEach((a, i) => {
    if (parts.has(a)) return;
    const s = a.section;
    const what = `Line ${s.headerLine} (${columnsOf(s.headers)})`;
    const why =
      skipped.get(a) ??
      (s.rowCount === 0
        ? "an empty table"
        : !a.date
          ? `a table of totals over the report's range${range(s)}, with no date`
          : "no metric the reports use");
    reading.sections[i].note = why;
    reading.notes.push(`${what}: ${why}; not imported`);
  });
}

/** The one cell of an export that holds nothing ("No data available.", "No data"). */
const NO_DATA = /^no data( available| to display| for this (date )?range)?\.?$/i;

/** Why a file without any table of dates and metrics cannot be imported, with what to export instead. */
function whyNothing(analyses: Analysis[], preamble: Preamble, tool: Tool | null): string {
  const withMetrics =
    analyses.find((a) => a.metrics > 0 && a.section.rowCount > 0) ?? analyses.find((a) => a.metrics > 0);
  const a = withMetrics ?? analyses[0];
  const s = a.section;
  const compared = analyses.map((x) => ({ x, ranges: rangeComparison(x.section.headers) })).find((c) => c.ranges);
  if (compared) return X.comparisonTotals(compared.x.section.headerLine, compared.ranges!.labels);
  // GA4's "Day" is the day of the month.
  const dayOfMonth = s.headers.findIndex((h) => squashName(h) === "day");
  if (dayOfMonth !== -1 && s.rows.length > 0 && s.rows.every((r) => /^\d{1,2}$/.test((r[dayOfMonth] ?? "").trim())))
    return X.dayOfMonth(s.headerLine, s.headers[dayOfMonth]);
  // A header in another language whose names are not known: say which language, and which columns.
  const language = headerLanguage(s.headers);
  const unknown = a.proposal.flatMap((c, i) => (!c.recognised && c.header.trim() !== "" ? [i] : []));
  const datedUnknown = unknown.filter((i) => s.rows.some((r) => looksLikeDate(r[i] ?? "")));
  if (language && unknown.length > 0 && (!withMetrics || (!a.date && datedUnknown.length > 0))) {
    const named = [...datedUnknown, ...unknown.filter((i) => !datedUnknown.includes(i))];
    return X.unknownLanguageColumns(
      s.headerLine,
      language.name,
      named.map((i) => s.headers[i]),
    );
  }
  if (!withMetrics) {
    return analyses.some((x) => x.date) ? M.noMetric(s.headerLine) : X.noDataTable(s.headerLine);
  }
  if (a.date) return X.noDataTable(s.headerLine);
  if (preamble.allTime) return X.allTime(preamble.rangeLine ?? s.headerLine, tool);
  const start = s.start ?? preamble.start;
  const end = s.end ?? preamble.end;
  const span = start && end ? { start, end, days: dayNumber(end) - dayNumber(start) + 1 } : null;
  return X.rangeTotals(preamble.rangeLine && preamble.allTime ? preamble.rangeLine : s.headerLine, span, tool);
}

/**
 * The table's dates as the sample shows them: the preamble a relative column needs, every row's period, one grain
 * (a span of Meta's that is not a day, week or month is a total; a declared week whose dates are days is a mixed
 * file). Sets the table's periods; returns a refusal or null.
 */
function checkDates(table: ImportTable, tool: Tool | null): string | null {
  const { date, context } = table;
  if (needsStartDate(date.kind) && !context.start) return X.needsStartDate(table.headerLine, date.header);
  if (
    (date.kind === "weekOfYear" || date.kind === "isoWeekOfYear" || date.kind === "monthOfYear") &&
    !yearKnown(date, context)
  )
    return X.needsYear(table.headerLine, date.header);
  // Ads Manager writes an export with nothing delivered as its header and one cell "No data available.".
  const filled = table.rows.length === 1 ? table.rows[0].map((c) => c.trim()).filter((c) => c !== "") : [];
  if (filled.length === 1 && NO_DATA.test(filled[0])) return X.noData(table.lines[0], filled[0]);
  if (date.kind === "date") {
    // Google Ads' "Day & hour" download: a Day of Sunday to Saturday, each row a sum over that weekday.
    const days = table.rows.map((r) => (r[date.index] ?? "").trim()).filter((v) => v !== "");
    if (days.length > 0 && days.every(isWeekdayName))
      return X.dayOfWeek(
        table.lines[table.rows.findIndex((r) => (r[date.index] ?? "").trim() !== "")],
        date.header,
        days[0],
        tool,
      );
  }
  const dimensionIndexes = dimensionColumns(table);
  const seen: { start: string; grain: Grain | null; line: number; raw: string }[] = [];
  for (let r = 0; r < table.rows.length; r++) {
    const row = table.rows[r];
    if (isTotalsRow(row, date.index, dimensionIndexes)) continue;
    let period;
    try {
      period = readPeriod(date, row, context, table.dateOrder ?? "mdy");
    } catch (error) {
      if (error instanceof DateCellError) return error.at(table.lines[r]);
      throw error;
    }
    if (period === null || period === "ambiguous") continue;
    const grain = periodGrain(date, period);
    if (period.end !== undefined && grain === null) {
      // A span that is no day, week or month: the row is a total over it (Meta without a time breakdown).
      const days = dayNumber(period.end) - dayNumber(period.start) + 1;
      const partial =
        seen.length > 0 || r < table.rows.length - 1 ? partialSpan(table, period.start, period.end) : null;
      if (!partial)
        return date.kind === "span"
          ? X.spanTotals(
              table.lines[r],
              `${date.header} and ${table.headers[date.endIndex!]}`,
              { start: period.start, end: period.end, days },
              tool,
            )
          : X.spanTotals(table.lines[r], date.header, { start: period.start, end: period.end, days }, tool);
      seen.push({ start: partial.start, grain: partial.grain, line: table.lines[r], raw: row[date.index] });
      continue;
    }
    seen.push({ start: period.start, grain, line: table.lines[r], raw: row[date.index] });
  }
  if (seen.length === 0) return null;
  // One grain: the rows' own (spans, ranges), else the column's, else what the dates tell.
  const declared = seen.find((s) => s.grain !== null);
  for (const s of seen) {
    if (declared && s.grain !== null && s.grain !== declared.grain)
      return X.mixedGrain(s.line, date.header, s.raw, s.grain, declared.line, declared.raw, declared.grain!);
  }
  const grain = declared?.grain ?? inferGrain(seen.map((s) => s.start));
  const off = offGrain(
    seen.map((s) => s.start),
    grain,
  );
  if (off) {
    const a = seen.find((s) => s.start === off.date)!;
    const b = seen.find((s) => s.start === off.other)!;
    return X.offGrain(a.line, date.header, a.raw, grain, b.line, b.raw);
  }
  const starts = seen.map((s) => s.start).sort();
  table.periods = { first: starts[0], last: starts[starts.length - 1], count: new Set(starts).size, grain };
  return null;
}

/**
 * A span shorter than the weeks or months of the other rows, at the range's edge (Meta by week starts and ends
 * with partial weeks): the period it is part of. Null when the rows are no such periods.
 */
function partialSpan(table: ImportTable, start: string, end: string): { start: string; grain: Grain } | null {
  const { date } = table;
  const grains = new Map<Grain, number>();
  for (const row of table.rows) {
    try {
      const p = readPeriod(date, row, table.context, table.dateOrder ?? "mdy");
      if (p && p !== "ambiguous" && p.end) {
        const g = periodGrain(date, p);
        if (g) grains.set(g, (grains.get(g) ?? 0) + 1);
      }
    } catch {
      // Refused where the row is read.
    }
  }
  const main = [...grains.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!main || main === "day") return null;
  if (main === "week") {
    const days = dayNumber(end) - dayNumber(start);
    if (days >= 6) return null;
    // The week it belongs to ends like the full ones: on the same weekday.
    const fullEnd = table.rows
      .map((r) => readPeriod(date, r, table.context, "mdy"))
      .find((p) => p && p !== "ambiguous" && p.end && periodGrain(date, p) === "week") as
      { start: string; end: string } | undefined;
    if (!fullEnd) return null;
    const weekEnd = (dayNumber(fullEnd.end) - dayNumber(end)) % 7 === 0 ? end : null;
    if (weekEnd) return { start: dateBack(weekEnd, 6), grain: "week" };
    return (dayNumber(start) - dayNumber(fullEnd.start)) % 7 === 0 ? { start, grain: "week" } : null;
  }
  const monthStart = `${start.slice(0, 8)}01`;
  return end <= periodEnd(monthStart, "month") ? { start: monthStart, grain: "month" } : null;
}

function dateBack(date: string, days: number): string {
  const n = dayNumber(date) - days;
  return new Date(n * 86_400_000).toISOString().slice(0, 10);
}

function dimensionColumns(table: ImportTable): number[] {
  return table.proposal.flatMap((c, i) =>
    ["dimension", "sourceMedium"].includes(parseTarget(c.target).kind) ? [i] : [],
  );
}

/** What the sample's rows show under a mapping's targets (the proposal's, or the user's). */
export interface RowFacts {
  /** Rows repeat a period and dimension values: added up over the columns that tell them apart. */
  summed: { over: string[]; line: number; firstLine: number } | null;
  /** Rows with every dimension empty are each period's totals (Meta's account row above its campaigns). */
  emptyDimensionTotals: boolean;
  /** A row repeated cell for cell (a file holding an export twice). */
  duplicate: { line: number; firstLine: number } | null;
}

/**
 * The rows as the sample shows them under `targets`: Meta's day rows above their campaigns (every dimension empty)
 * are totals; rows that repeat a period and dimension values are added up over the columns that tell them apart
 * (Meta's ad sets, GA4's hours, a dimension the user ignores); a row repeated cell for cell is refused.
 */
export function rowFacts(table: ImportTable, targets: readonly string[], separator: Separator): RowFacts {
  // The reading asks under its proposal, then the plan under the same targets again: the same rows, the same facts.
  const key = `${separator}\u0002${targets.join("\u0002")}`;
  const known = factsRead.get(table);
  if (known?.key === key) return known.facts;
  const facts = readRowFacts(table, targets, separator);
  factsRead.set(table, { key, facts });
  return facts;
}

/** Each table's facts under the targets last asked (a table's rows do not change once read). */
const factsRead = new WeakMap<ImportTable, { key: string; facts: RowFacts }>();

function readRowFacts(table: ImportTable, targets: readonly string[], separator: Separator): RowFacts {
  const { date } = table;
  const dims = targets.flatMap((t, i) => (["dimension", "sourceMedium"].includes(parseTarget(t).kind) ? [i] : []));
  const ignored = targets.flatMap((t, i) => (t === "ignore" && i !== date.index && i !== date.endIndex ? [i] : []));
  const facts: RowFacts = { summed: null, emptyDimensionTotals: false, duplicate: null };
  const rows = table.rows
    .map((row, r) => ({ row, line: table.lines[r] }))
    .filter(({ row }) => !isTotalsRow(row, date.index, dims));
  const named = (row: string[]) => dims.some((i) => (row[i] ?? "").trim() !== "");
  if (dims.length > 0) {
    const emptyDims = rows.filter(({ row }) => !named(row));
    const dated = new Set(rows.filter(({ row }) => named(row)).map(({ row }) => (row[date.index] ?? "").trim()));
    facts.emptyDimensionTotals =
      emptyDims.length > 0 && emptyDims.every(({ row }) => dated.has((row[date.index] ?? "").trim()));
  }
  const keyed = facts.emptyDimensionTotals ? rows.filter(({ row }) => named(row)) : rows;
  // Within each table (merged tables meet on purpose).
  const partOf = (line: number) => table.parts.findLastIndex((p) => p.headerLine < line);
  const seen = new Map<string, { row: string[]; line: number }>();
  const over = new Set<number>();
  const keyColumns = [date.index, date.endIndex ?? -1, ...dims];
  for (const { row, line } of keyed) {
    let key = String(partOf(line));
    for (const i of keyColumns) key += i === -1 ? "\u0001" : `\u0001${(row[i] ?? "").trim()}`;
    const first = seen.get(key);
    if (!first) {
      seen.set(key, { row, line });
      continue;
    }
    if (row.every((cell, i) => cell.trim() === (first.row[i] ?? "").trim())) {
      facts.duplicate ??= { line, firstLine: first.line };
      continue;
    }
    // The columns that tell repeated rows apart: text the reports do not hold (an ad set, an age, an hour).
    for (const i of ignored)
      if (
        (row[i] ?? "").trim() !== (first.row[i] ?? "").trim() &&
        parseNumberCell(row[i] ?? "", { decimalComma: separator === ";" }) === null
      )
        over.add(i);
    facts.summed ??= { over: [], line, firstLine: first.line };
  }
  if (facts.summed) facts.summed.over = [...over].sort((a, b) => a - b).map((i) => table.headers[i]);
  if (date.kind === "dateHour" && !facts.summed)
    facts.summed = { over: ["the hours"], line: table.lines[0] ?? table.headerLine, firstLine: table.headerLine };
  return facts;
}

/** What the preview and the summary say of rows added up. */
export function summingNote(summed: NonNullable<RowFacts["summed"]>): string {
  const over = summed.over.length > 0 ? summed.over.join(" and ") : "a breakdown the file does not name";
  return `Line ${summed.line} has the same date and dimensions as line ${summed.firstLine}: the rows are split by ${over}, which reports do not hold, so rows are added up for the metrics that add up (users, reach and frequency do not, and are left out).`;
}

/** The rows under the proposal: their facts set on the table, users left out of a proposal whose rows add up. */
function checkRows(table: ImportTable, separator: Separator): string | null {
  // The columns of numbers (a campaign named "Sale 2.0" tells nothing of the file's numbers).
  const isNumber = (raw: string) => raw.trim() === "" || parseNumberCell(raw) !== null;
  const numeric = table.headers.flatMap((_, i) =>
    i === table.date.index || i === table.date.endIndex || !table.rows.every((r) => isNumber(r[i] ?? "")) ? [] : [i],
  );
  table.marks = columnMarks(table.rows, table.lines, table.headers.length, numeric, separator === ";");
  for (const [i, c] of table.proposal.entries()) {
    const conflict = table.marks[i].conflict;
    if (conflict && parseTarget(c.target).kind === "metric")
      return X.mixedDecimalMarks(table.headers[i], conflict.point, conflict.comma);
  }
  const facts = rowFacts(
    table,
    table.proposal.map((c) => c.target),
    separator,
  );
  if (facts.duplicate) return X.exactDuplicate(facts.duplicate.line, facts.duplicate.firstLine);
  table.summed = facts.summed;
  table.emptyDimensionTotals = facts.emptyDimensionTotals;
  if (table.summed) {
    table.proposal = proposeMapping(table.headers, null, {
      dateIndex: table.date.index,
      dateColumns: { end: table.date.endIndex, year: table.date.yearIndex },
      summed: { over: table.summed.over },
      values: (i) => table.rows.map((r) => r[i] ?? ""),
    });
  }
  return null;
}

/** The preview's words for what the table is and how it is read. */
function describeTable(reading: ExportReading, table: ImportTable): void {
  const { date, periods, context } = table;
  const tool = reading.tool ? `${TOOL_NAMES[reading.tool]} ` : "";
  if (periods) {
    const grain = GRAIN_WORDS[periods.grain];
    const how =
      date.kind === "nthDay" || date.kind === "nthWeek" || date.kind === "nthMonth"
        ? `, ${date.header} counted from the report's start date ${context.start}`
        : date.kind === "span"
          ? `, from ${date.header} and ${table.headers[date.endIndex!]}`
          : date.kind === "dateHour"
            ? ", its hours added up into days"
            : "";
    const what = `${tool}${grain.adjective} data`;
    reading.notes.unshift(
      `${what.charAt(0).toUpperCase()}${what.slice(1)}${how}: ${periods.first} to ${periods.last}${reading.complete ? "" : " in the rows read so far"} (${periods.count.toLocaleString("en")} ${periods.count === 1 ? grain.noun : grain.plural}).`,
    );
  }
  if (table.emptyDimensionTotals)
    reading.notes.push(
      "Rows without a name are each day's totals of the rows below them: they are checked against those rows, not imported.",
    );
  const dimensions = dimensionColumns(table);
  const totals = table.rows.filter((row) => row.some(isTotalLabel) || isTotalsRow(row, date.index, dimensions));
  if (totals.length > 0)
    reading.notes.push(
      `${totals.length === 1 ? "A totals row is" : `${totals.length} totals rows are`} compared with the sums of the rows, not imported.`,
    );
}

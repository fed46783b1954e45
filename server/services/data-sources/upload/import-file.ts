import "server-only";
import { DATA_SOURCE_MESSAGES as M } from "@/lib/constants/data-source-messages";
import { CSV_MAPPING_MESSAGES as MM } from "@/lib/constants/csv-mapping-messages";
import type { BaseMetric } from "@/lib/catalogue/metrics";
import { generationOfTool } from "@/lib/catalogue/analytics-generations";
import type { MappingProblem } from "@/lib/csv-import/check-mapping";
import { CsvParser, CsvSyntaxError } from "@/lib/csv-import/csv-parser";
import { decodeHead, textDecoder, type TextEncoding } from "@/lib/csv-import/encoding";
import type { Grain } from "@/lib/csv-import/grain";
import { PREVIEW_BYTES, readExport, summingNote, type ExportReading } from "@/lib/csv-import/read-export";
import { reconcileTotals } from "@/lib/csv-import/reconcile";
import { TableCollector } from "@/lib/csv-import/table-collector";
import {
  isTotals,
  planTable,
  RowReadError,
  TableRowReader,
  type TablePlan,
  type TotalsRow,
} from "@/lib/csv-import/table-plan";
import { dealListDays, type DealDays } from "@/lib/csv-import/deal-list";
import { comparisonDays, type ComparisonDays } from "@/lib/csv-import/range-comparison";
import { orderListDays, type OrderDays } from "@/lib/csv-import/order-list";
import { periodComparisonRows, type PeriodComparisonRows } from "@/lib/csv-import/period-comparison";
import { isXlsx } from "@/lib/csv-import/xlsx-cells";
import { AppError } from "../../../errors";
import { CsvImportError } from "./csv-layout";
import { importCsv, metricTotals, type ImportStats, type ImportTarget, type UploadSummary } from "./import-csv";
import { xlsxToCsv } from "../../../exports/xlsx/sheet-to-csv";

// Formats a CSV is often confused with, by their first bytes (an .xlsx is read: it is a zip).
const BINARY_SIGNATURES = [
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), // xls
  Buffer.from("%PDF", "latin1"),
  Buffer.from([0x1f, 0x8b]), // gzip
];

/** CSV text of the added-up rows handed to the importer at a time. */
const CANONICAL_CHUNK = 256 * 1024;

/**
 * Imports an export as its tool wrote it (CSV in any of the encodings and shapes lib/csv-import reads, or an .xlsx
 * workbook), all or nothing. The file's start is read once, as the upload wizard's preview reads it
 * (`readExport`); the mapping is the user's or that reading's proposal. A plain table streams into the importer as
 * it is (`importCsv`, its bytes read once); any other (tables merged by date, spans, hours, rows split by a breakdown)
 * is read row by row into its periods, added up, and imported from those rows.
 */
export async function importFile(chunks: AsyncIterable<Buffer>, target: ImportTarget): Promise<UploadSummary> {
  const { head, rest, complete } = await takeHead(chunks);
  if (!isXlsx(head)) {
    try {
      if (/\.xlsx$/i.test(String(target.meta?.fileName ?? ""))) throw new AppError(415, M.notXlsx, { file: M.notXlsx });
      if (BINARY_SIGNATURES.some((sig) => head.subarray(0, sig.length).equals(sig))) throw new AppError(415, M.notCsv);
      return await importText(head, rest, complete, target);
    } finally {
      // A file refused on its start is not read on: the upload's stream is let go, so the rest of the body drains
      // at once (an iterator left waiting keeps the stream from draining, and the answer from being sent).
      await rest.return?.();
    }
  }
  let sheetNote: string | null = null;
  const sheet = await takeHead(xlsxToCsv(replay(head, rest), (chosen) => (sheetNote = chosen.note)));
  try {
    const summary = await importText(sheet.head, sheet.rest, sheet.complete, target);
    return sheetNote ? { ...summary, notes: [sheetNote, ...(summary.notes ?? [])] } : summary;
  } finally {
    // A workbook refused on its start is not read on: its reader lets go of its temporary copy.
    await sheet.rest.return?.();
  }
}

/** A CSV export (or a workbook's first sheet as CSV), from its start and the chunks after it. */
async function importText(
  head: Buffer,
  rest: AsyncIterator<Buffer>,
  complete: boolean,
  target: ImportTarget,
): Promise<UploadSummary> {
  const source = replay(head, rest);
  if (head.length === 0) throw new CsvImportError(M.emptyFile);
  const { text, encoding } = decodeHead(head.subarray(0, PREVIEW_BYTES), complete);
  if (text.includes("\u0000")) throw new AppError(415, M.notCsv);
  const reading = readExport(text, { complete, encoding });
  if (reading.refusal) throw new CsvImportError(reading.refusal);
  if (reading.dealList) return importRewritten(source, encoding, target, DEAL_LIST);
  if (reading.rangeComparison) return importRewritten(source, encoding, target, COMPARISON);
  if (reading.orderList) return importRewritten(source, encoding, target, ORDER_LIST);
  if (reading.periodComparison) return importRewritten(source, encoding, target, PERIOD_COMPARISON);
  const generation = generationOfTool(reading.tool);
  if (generation) target = { ...target, generation };
  const { plan, problems } = planTable(reading, target.mapping, target.remembered);
  if (!plan) throw new CsvImportError(problemMessage(reading, problems, Boolean(target.mapping)));
  const utf8 = encoding === "utf-8" ? source : transcode(source, encoding);
  if (streamsAsIs(plan)) {
    return importCsv(utf8, {
      ...target,
      mapping: plan.mapping,
      headerLine: plan.table.headerLine,
      separator: reading.separator,
      decimalComma: plan.decimalComma,
      grain: plan.date.grain,
      describe: (stats) => describeStreamed(reading, plan, stats),
    });
  }
  return importCollected(utf8, reading, plan, target);
}

/** The most of a deals or orders export read into memory to count them (HubSpot's and Shopify's are a few MB). */
const DEAL_LIST_BYTES = 100 * 1024 * 1024;
/** The most of a Search Console comparison read into memory (its chart of two ranges is a few hundred days). */
const COMPARISON_BYTES = 10 * 1024 * 1024;

/**
 * An export read as a table of our own (a list of deals counted by day, lib/csv-import/deal-list.ts; both ranges'
 * days of a Search Console comparison, lib/csv-import/range-comparison.ts): the whole file read as the preview reads
 * its start, then that table imported as any export is.
 */
async function importRewritten(
  source: AsyncIterable<Buffer>,
  encoding: TextEncoding,
  target: ImportTarget,
  rewrite: {
    maxBytes: number;
    tooLarge: string;
    days: (text: string) => DealDays | ComparisonDays | OrderDays | PeriodComparisonRows;
  },
): Promise<UploadSummary> {
  const parts: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of source) {
    bytes += chunk.length;
    if (bytes > rewrite.maxBytes) throw new CsvImportError(rewrite.tooLarge);
    parts.push(chunk);
  }
  let text: string;
  try {
    text = textDecoder(encoding).decode(Buffer.concat(parts, bytes));
  } catch {
    throw new AppError(415, M.notCsv);
  }
  const days = rewrite.days(text.replace(/^\uFEFF/, ""));
  if (days.refusal) throw new CsvImportError(days.refusal);
  const summary = await importText(Buffer.from(days.text, "utf8"), emptyIterator(), true, target);
  return { ...summary, notes: [days.note, ...(summary.notes ?? []).filter((n) => n !== days.note)] };
}

const DEAL_LIST = {
  maxBytes: DEAL_LIST_BYTES,
  tooLarge: M.dealListTooLarge(DEAL_LIST_BYTES / 1024 / 1024),
  days: (text: string) => dealListDays(text, true)!,
};
const ORDER_LIST = {
  maxBytes: DEAL_LIST_BYTES,
  tooLarge: M.orderListTooLarge(DEAL_LIST_BYTES / 1024 / 1024),
  days: (text: string) => orderListDays(text, true)!,
};
const COMPARISON = {
  maxBytes: COMPARISON_BYTES,
  tooLarge: M.comparisonTooLarge(COMPARISON_BYTES / 1024 / 1024),
  days: (text: string) => comparisonDays(text, true)!,
};

const PERIOD_COMPARISON = {
  maxBytes: DEAL_LIST_BYTES,
  tooLarge: M.periodComparisonTooLarge(DEAL_LIST_BYTES / 1024 / 1024),
  days: (text: string) => periodComparisonRows(text, true)!,
};

const emptyIterator = (): AsyncIterator<Buffer> => ({ next: async () => ({ done: true, value: undefined }) });

/** A table the importer streams as it is: one table, a day per cell, no row to add up or to leave out. */
function streamsAsIs(plan: TablePlan): boolean {
  const { table, date } = plan;
  return (
    table.parts.length === 1 &&
    date.kind === "date" &&
    date.grain !== "month" &&
    !plan.summed &&
    !plan.emptyDimensionTotals &&
    // The streamed import reads every column with one decimal mark.
    plan.metrics.every((m) => m.decimalComma === plan.decimalComma)
  );
}

/** The reading's problem with a mapping, as the importer words it (the header's line, the column). */
function problemMessage(reading: ExportReading, problems: MappingProblem[], mapped: boolean): string {
  const table = reading.table!;
  const line = table.headerLine;
  const problem = problems[0];
  if (!mapped && problem.message === MM.noDate) return M.missingDate(line);
  if (!mapped && problem.message === MM.noMetric) return M.noMetric(line);
  if (problem.column === undefined) return `Line ${line}: ${problem.message}`;
  return `Line ${line}, column ${table.headers[problem.column] || problem.column + 1}: ${problem.message}`;
}

/** The file's start (PREVIEW_BYTES at least, unless the file is shorter), the chunks after it, and whether it ended. */
async function takeHead(
  chunks: AsyncIterable<Buffer>,
): Promise<{ head: Buffer; rest: AsyncIterator<Buffer>; complete: boolean }> {
  const iterator = chunks[Symbol.asyncIterator]();
  const parts: Buffer[] = [];
  let bytes = 0;
  while (bytes < PREVIEW_BYTES) {
    const next = await iterator.next();
    if (next.done) return { head: Buffer.concat(parts, bytes), rest: iterator, complete: true };
    parts.push(next.value);
    bytes += next.value.length;
  }
  return { head: Buffer.concat(parts, bytes), rest: iterator, complete: false };
}

async function* replay(head: Buffer, rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  try {
    if (head.length > 0) yield head;
    for (;;) {
      const next = await rest.next();
      if (next.done) return;
      yield next.value;
    }
  } finally {
    // A file refused part way lets go of the upload's stream, so the rest of the body drains at once.
    await rest.return?.();
  }
}

/** UTF-16 and Windows-1252 text as UTF-8 bytes (the importer reads UTF-8), line for line. */
async function* transcode(chunks: AsyncIterable<Buffer>, encoding: TextEncoding): AsyncGenerator<Buffer> {
  const decoder = textDecoder(encoding);
  let first = true;
  for await (const chunk of chunks) {
    let text = decoder.decode(chunk, { stream: true });
    if (first && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    first = false;
    if (text !== "") yield Buffer.from(text, "utf8");
  }
  const last = decoder.decode();
  if (last !== "") yield Buffer.from(last, "utf8");
}

/** What the range the file states is: its preamble's (or its table's own) start and end. */
function statedRange(reading: ExportReading): { start: string; end: string } | null {
  const { context } = reading.table!;
  return context.start && context.end ? { start: context.start, end: context.end } : null;
}

/** The summary's additions for a table that streamed as it is: its totals rows checked, its notes, its range. */
function describeStreamed(reading: ExportReading, plan: TablePlan, stats: ImportStats): Partial<UploadSummary> {
  const reader = new TableRowReader(plan, stats.grain);
  const totals: TotalsRow[] = [];
  for (const { fields, line } of stats.totalsRows) {
    try {
      const row = reader.read(fields, line);
      if (row && row !== "ambiguous" && isTotals(row)) totals.push(row);
    } catch {
      // A totals row that does not read is left out of the check.
    }
  }
  const notes = [...reading.notes];
  if (stats.ended)
    notes.push(
      `Line ${stats.ended.line} (${stats.ended.headers.slice(0, 3).join(", ")}): another table of the file, not imported`,
    );
  return summaryAdditions(reading, plan, stats.grain, {
    totals,
    sums: { values: stats.sums, rows: stats.rows },
    periodSums: new Map(),
    coverage: null,
    notes,
  });
}

function summaryAdditions(
  reading: ExportReading,
  plan: TablePlan,
  grain: Grain,
  read: {
    totals: TotalsRow[];
    sums: { values: Float64Array; rows: number };
    periodSums: Map<string, { values: Float64Array; rows: number }>;
    coverage: { start: string; end: string } | null;
    notes: string[];
  },
): Partial<UploadSummary> {
  const metrics = plan.metrics.map((m) => m.metric.key) as BaseMetric[];
  const fileTotals = reconcileTotals(read.totals, metrics, read.sums, read.periodSums);
  const stated = statedRange(reading);
  const unrecognised = plan.table.proposal.filter((c, i) => !c.recognised && plan.targets[i] === "ignore");
  const notes = [...read.notes];
  if (plan.summed) notes.push(summingNote(plan.summed));
  if (unrecognised.length > 0)
    notes.push(`Columns not recognised, not imported: ${unrecognised.map((c) => c.header || "(no name)").join(", ")}`);
  const differing = fileTotals.filter((t) => !t.matches);
  for (const t of differing)
    notes.push(
      `Line ${t.line} (${t.label}) differs from the sum of the rows: ${t.metrics
        .filter((m) => Math.abs(m.file - m.rows) > 1e-9)
        .map(
          (m) => `${m.metric} ${m.file.toLocaleString("en")} in the file, ${m.rows.toLocaleString("en")} in the rows`,
        )
        .join("; ")}`,
    );
  const coverage = read.coverage
    ? { ...read.coverage, stated: plan.date.kind === "span" || plan.date.kind === "range" }
    : null;
  return {
    ...(coverage ? { coverage } : {}),
    ...(stated
      ? { coverage: { start: stated.start, end: stated.end, stated: true }, lastPeriodMayBePartial: undefined }
      : {}),
    ...(coverage?.stated ? { lastPeriodMayBePartial: undefined } : {}),
    ...(grain !== "day" && !stated && !coverage?.stated ? { lastPeriodMayBePartial: true } : {}),
    ...(fileTotals.length > 0 ? { fileTotals } : {}),
    ...(notes.length > 0 ? { notes } : {}),
  };
}

/** The canonical table the collected rows are imported as: our own column names, one row per period and values. */
function canonicalHeader(plan: TablePlan): { header: string[]; mapping: { header: string; target: string }[] } {
  const header = ["date", ...plan.dimensions.map((d) => d.key), ...plan.metrics.map((m) => m.metric.key)];
  const mapping = header.map((h, i) => ({
    header: h,
    target: i === 0 ? "date" : i <= plan.dimensions.length ? `dimension:${h}` : `metric:${h}`,
  }));
  return { header, mapping };
}

const csvCell = (text: string) =>
  /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;

/**
 * A file whose rows are read into their periods and added up (`TableCollector`), then imported as a table of our
 * own column names. A row the reading refuses names its own line and column in the file.
 */
async function importCollected(
  utf8: AsyncIterable<Buffer>,
  reading: ExportReading,
  plan: TablePlan,
  target: ImportTarget,
): Promise<UploadSummary> {
  const grain = plan.table.periods?.grain ?? plan.date.grain ?? "day";
  const collector = new TableCollector(reading, plan, grain);
  const parser = new CsvParser((fields, line) => collector.add({ kind: "record", line, fields }), {
    separator: reading.separator,
    onComment: (text, line) => collector.add({ kind: "comment", line, text }),
    onBlank: (line) => collector.add({ kind: "blank", line }),
  });
  const decoder = new TextDecoder("utf-8", { fatal: true });
  try {
    for await (const chunk of utf8) {
      let text: string;
      try {
        text = decoder.decode(chunk, { stream: true });
      } catch {
        throw new CsvImportError(M.notUtf8(parser.currentLine));
      }
      parser.write(text);
    }
    parser.write(decoder.decode());
    parser.end();
    collector.finish();
  } catch (error) {
    if (error instanceof RowReadError) throw new CsvImportError(error.message);
    if (error instanceof CsvSyntaxError) throw new CsvImportError(M.syntax(error.line, error.message));
    throw error;
  }
  if (collector.rows.size === 0) throw new CsvImportError(M.noRows);

  const { header, mapping } = canonicalHeader(plan);
  const rows = [...collector.rows.values()].sort((a, b) =>
    a.start !== b.start
      ? a.start < b.start
        ? -1
        : 1
      : a.dimensions.join("\u0001") < b.dimensions.join("\u0001")
        ? -1
        : 1,
  );
  const impressions = plan.metrics.findIndex((m) => m.metric.key === "impressions");
  const periodSums = new Map<string, { values: Float64Array; rows: number }>();
  const sums = new Float64Array(plan.metrics.length);
  for (const row of rows) {
    let period = periodSums.get(row.start);
    if (!period) periodSums.set(row.start, (period = { values: new Float64Array(plan.metrics.length), rows: 0 }));
    period.rows++;
    row.values.forEach((v, k) => {
      if (v === v) {
        period.values[k] += v;
        sums[k] += v;
      }
    });
  }
  async function* canonical(): AsyncGenerator<Buffer> {
    let out = `${header.join(",")}\n`;
    for (const row of rows) {
      const values = plan.metrics.map((m, k) => {
        const v = row.values[k];
        if (v !== v) return "";
        // The average position is written as the average: the importer weighs it by the row's impressions again.
        if (m.metric.key === "position") {
          const weight = row.values[impressions];
          return weight > 0 ? String(v / weight) : "";
        }
        return String(v);
      });
      out += `${[row.start, ...row.dimensions.map((d) => csvCell(d)), ...values].join(",")}\n`;
      if (out.length >= CANONICAL_CHUNK) {
        yield Buffer.from(out, "utf8");
        out = "";
      }
    }
    if (out !== "") yield Buffer.from(out, "utf8");
  }
  const notes = [...reading.notes, ...collector.notes];
  if (collector.rowsRead > rows.length)
    notes.push(
      `${collector.rowsRead.toLocaleString("en")} rows of the file were added up into ${rows.length.toLocaleString("en")}, one per ${grain === "day" ? "date" : grain} and dimension values.`,
    );
  const additions = summaryAdditions(reading, plan, grain, {
    totals: collector.totals,
    sums: { values: sums, rows: rows.length },
    periodSums,
    coverage: collector.coverage,
    notes,
  });
  return importCsv(canonical(), {
    ...target,
    mapping: { columns: mapping },
    headerLine: 1,
    separator: ",",
    grain,
    describe: () => ({
      ...additions,
      totals: metricTotals(plan.metrics.map((m) => m.metric.key) as BaseMetric[], sums),
    }),
    // The source remembers the file's own columns, not the table it was read into.
    rememberMapping: plan.mapping,
  });
}

import "server-only";
import { inferGrain, offGrain, periodEnd, type Grain } from "@/lib/csv-import/grain";
import { EXPORT_MESSAGES as X } from "@/lib/constants/export-messages";
import { DATA_SOURCE_MESSAGES as M } from "@/lib/constants/data-source-messages";
import type { Dimension as DimensionKey } from "@/lib/catalogue/dimensions";
import type { BaseMetric } from "@/lib/catalogue/metrics";
import { UA_CHANNELS_NOTE, type AnalyticsGeneration } from "@/lib/catalogue/analytics-generations";
import { isPreambleRecord } from "@/lib/csv-import/preamble";
import type { CsvMapping } from "@/lib/validation/csv-mapping";
import { AppError } from "../../../errors";
import {
  CsvImportError,
  DuplicateRowError,
  duplicateRowError,
  layoutDimensionColumns,
  layoutDimensions,
  layoutMetricColumns,
  layoutMetrics,
  readHeader,
  RowEncoder,
  type CsvLayout,
} from "./csv-layout";
import { CsvParser, CsvSyntaxError, type Separator } from "@/lib/csv-import/csv-parser";
import type { FileTotalCheck } from "@/lib/csv-import/reconcile";
import { UploadRollupSums } from "./rollup-sums";
import type { DimensionDictionary } from "./dimension-dictionary";
import { ObservationStaging, type NewUploadSource } from "./staging";
import { ByteRowReader, type ByteRowSink } from "./byte-rows";

export interface UploadSummary {
  /** Rows imported (after rows split by a breakdown were added up). */
  rows: number;
  /** The first and the last period's first day. */
  dateRange: { start: string; end: string };
  /** What one row covers: a day, a week or a month (docs/decisions/0019-data-grain.md). */
  grain: Grain;
  /**
   * The days the rows cover: `stated` when the file says so (a preamble's range, Meta's reporting start and end),
   * otherwise from the first period's first day to the last period's last.
   */
  coverage: { start: string; end: string; stated: boolean };
  /** A weekly or monthly file that does not state its range: its last period may hold fewer days than the others. */
  lastPeriodMayBePartial?: boolean;
  metrics: BaseMetric[];
  dimensions: DimensionKey[];
  /** Dimensions the file has no column for, given from others (the channel from source and medium). */
  derivedDimensions?: DimensionKey[];
  /** Each metric's sum over the rows imported (an average position as its impressions-weighted average). */
  totals: Partial<Record<BaseMetric, number>>;
  /** The file's own totals rows against the sums of its rows. */
  fileTotals?: FileTotalCheck[];
  /** What the reading did that the user should know: tables left out, rows added up, totals rows. */
  notes?: string[];
  /** Dates that already had data from this source and were replaced by the file's. */
  replacedDates: number;
  /**
   * The Google Analytics generation whose export this was: a project's Universal Analytics history and its GA4 data
   * are read as one site's across their seam (server/insights/data/analytics-seam.ts).
   */
  generation?: AnalyticsGeneration;
}

/** What the import read, for the summary the caller completes before the commit. */
export interface ImportStats {
  rows: number;
  dates: ReadonlySet<string>;
  grain: Grain;
  metrics: BaseMetric[];
  sums: Float64Array;
  totalsRows: { fields: string[]; line: number }[];
  /** Where another table of the file began, below the one imported. */
  ended: { line: number; headers: string[] } | null;
}

export interface ImportTarget {
  dataSourceId: string;
  projectId: string;
  /** Extra facts kept with the summary on the data source (file name, who, when). */
  meta?: Record<string, unknown>;
  /** The database to write to; the app's DATABASE_URL by default (scripts pass their own). */
  connectionString?: string;
  /** COPY text merged per chunk (4 MB by default); tests pass a few KB to merge many chunks. */
  chunkBytes?: number;
  /** Called with each phase's duration (the benchmark prints them). */
  onPhase?: (phase: string, ms: number) => void;
  /** The user's column choices from the preview; without them, known export names are mapped. */
  mapping?: CsvMapping;
  /** The source's mapping from its last upload (names it knows are mapped as before). */
  remembered?: CsvMapping | null;
  /**
   * Creates the source in the import's transaction (its id is `dataSourceId`): a file that fails
   * leaves no empty source behind.
   */
  createSource?: NewUploadSource;
  /** Rollup accumulators held before the rollups are summed in SQL instead (tests pass a few). */
  rollupSumsCap?: number;
  /** Combinations a dimension dictionary holds before the rows are staged instead (tests pass a few). */
  dictionaryCap?: number;
  /**
   * The rows are staged and inserted chunk by chunk into the table the import builds, as for a project whose
   * combinations do not fit in memory (tests of that path); otherwise they are COPYed into it with their ids.
   */
  stagedOnly?: boolean;
  /** The header's line, when the reading found it (lib/csv-import/read-export.ts); else the first line not a title. */
  headerLine?: number;
  /** The column separator the reading found (otherwise the first line that has one tells). */
  separator?: Separator;
  /**
   * The file's numbers write decimals with a comma (the reading tells it from the cells,
   * lib/csv-import/number-format.ts); otherwise a semicolon-separated file does.
   */
  decimalComma?: boolean;
  /** The grain the file's date column declares (a "Week" column); otherwise the dates tell. */
  grain?: Grain | null;
  /** The mapping the source remembers for its next upload, when it is not the one of the table imported. */
  rememberMapping?: CsvMapping;
  /** What the file's reading adds to the summary (kept on the source with it), before the commit. */
  describe?: (stats: ImportStats) => Partial<UploadSummary>;
  /** The Google Analytics generation the file's reading told (a UA export's channels are named as GA4's). */
  generation?: AnalyticsGeneration;
}

// One field or record this large is not a CSV of daily metrics (often: a quote never closed).
const MAX_FIELD_CHARS = 64 * 1024;
const MAX_FIELDS = 200;
/** Text parsed at a time: a direct import reserves ids for the rows one slice can hold before parsing it. */
const SLICE_CHARS = 256 * 1024;
/** A line without a break this long holds a field or fields past the limits above. */
const MAX_LINE_BYTES = MAX_FIELD_CHARS * MAX_FIELDS;
const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;

// Formats a CSV is often confused with, by their first bytes.
const BINARY_SIGNATURES = [
  Buffer.from("PK\u0003\u0004", "latin1"), // xlsx, zip
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), // xls
  Buffer.from("%PDF", "latin1"),
  Buffer.from([0x1f, 0x8b]), // gzip
];

/**
 * Imports a CSV of daily observations from a stream of bytes, all or nothing (see the upload
 * format in docs/decisions/0004-observation-storage.md). Memory stays flat: a chunk is decoded,
 * parsed, checked and sent on to PostgreSQL before the next one is read.
 */
export async function importCsv(chunks: AsyncIterable<Buffer>, target: ImportTarget): Promise<UploadSummary> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let layout: CsvLayout | undefined;
  let encoder: RowEncoder | undefined;
  let staging: ObservationStaging | undefined;
  let stagingOpening: Promise<ObservationStaging> | undefined;
  /** Set when the rows go straight into a new partition: the encoder gives them their dimension set ids. */
  let dictionary: DimensionDictionary | null = null;
  let first = true;
  // COPY lines parsed from the current chunk, sent on once the chunk is parsed.
  let pending: string[] = [];
  // Records read after the header and before the import knew where they go (which the encoder must know).
  let early: { fields: string[]; line: number }[] = [];

  /** Reads the rows from the file's bytes once the header is read and the parser is at a line's start. */
  let reader: ByteRowReader | undefined;
  /**
   * Bytes not yet given to the reader: chunks gathered up to a slice (an upload comes in chunks of 64 KB), then the
   * part of a line after the slice's last line break.
   */
  let unread: Buffer[] = [];
  let unreadBytes = 0;

  const parser = new CsvParser(
    (fields, line) => {
      if (fields.length > MAX_FIELDS) throw new CsvImportError(M.syntax(line, `more than ${MAX_FIELDS} columns`));
      if (!layout) {
        // Report titles and date ranges above the header (Google Ads), and the tables above the one the reading chose
        // (Universal Analytics' report table above its Day Index), are not the header.
        if (target.headerLine !== undefined ? line < target.headerLine : isPreambleRecord(fields)) return;
        layout = readHeader(fields, line, {
          mapping: target.mapping,
          remembered: target.remembered,
          universalAnalytics: target.generation === "ua",
        });
        return;
      }
      if (!encoder) {
        early.push({ fields, line });
        return;
      }
      const encoded = encoder.encode(fields, line);
      if (encoded !== "") pending.push(encoded);
    },
    { separator: target.separator },
  );

  const decimalComma = () => target.decimalComma ?? parser.separatorChar === ";";

  /** Once the header is read and rows follow: opens the import, then encodes the rows read meanwhile. */
  const startEncoding = async () => {
    if (encoder || early.length === 0) return;
    // The header is known: only now is a connection worth opening.
    stagingOpening ??= ObservationStaging.open(target.connectionString);
    staging = await stagingOpening;
    dictionary = await staging.start({
      dataSourceId: target.dataSourceId,
      projectId: target.projectId,
      createSource: target.createSource,
      copyColumns: { staged: layout!.copyColumns, direct: target.stagedOnly ? undefined : layout!.directCopyColumns },
      dimensionColumns: layoutDimensionColumns(layout!),
      metricColumns: layoutMetricColumns(layout!),
      chunkBytes: target.chunkBytes,
      dictionaryCap: target.dictionaryCap,
      onPhase: target.onPhase,
    });
    const sums = new UploadRollupSums(layoutMetricColumns(layout!), target.rollupSumsCap);
    // A semicolon-separated file is a spreadsheet's in a locale that writes decimals with a comma.
    encoder = new RowEncoder(layout!, sums, dictionary ?? undefined, decimalComma());
    if (dictionary) await staging.reserveIds(early.length);
    for (const { fields, line } of early) {
      const encoded = encoder.encode(fields, line);
      if (encoded !== "") pending.push(encoded);
    }
    early = [];
  };

  /** A direct import: ids for every row the next `rows` records (and the rows held back) may bring. */
  const reserveFor = async (rows: number) => {
    if (dictionary) await staging!.reserveIds(rows + encoder!.heldRows);
  };

  const feed = async (text: string) => {
    if (text.length === 0) return;
    if (text.includes("\u0000")) throw new AppError(415, M.notCsv);
    for (let at = 0; at < text.length; at += SLICE_CHARS) await feedSlice(text.slice(at, at + SLICE_CHARS));
  };

  const feedSlice = async (text: string) => {
    // Counting the slice's line breaks is only needed when the encoder hands out ids.
    if (dictionary) await reserveFor(recordsAtMost(text));
    parser.write(text);
    checkParserLimits();
    await startEncoding();
    if (pending.length === 0) return;
    for (const line of pending) staging!.push(line);
    pending = [];
    await staging!.flushIfFull();
  };

  const tooLong = () =>
    new CsvImportError(
      M.syntax(
        parser.currentLine,
        `a field is longer than ${MAX_FIELD_CHARS} characters, or a row has too many columns (is a quote left open?)`,
      ),
    );
  const checkParserLimits = () => {
    if (parser.fieldLength > MAX_FIELD_CHARS || parser.pendingFields > MAX_FIELDS) throw tooLong();
  };

  const sink: ByteRowSink = {
    parse(text) {
      parser.write(text);
      checkParserLimits();
      for (const line of pending) staging!.push(line);
      pending = [];
    },
    get line() {
      return parser.currentLine;
    },
    set line(line) {
      if (line !== parser.currentLine) parser.skipLines(line - parser.currentLine);
    },
    atRecordStart: () => parser.atRecordStart,
    emit: (bytes) => staging!.pushBytes(bytes),
  };

  /**
   * Until rows are being encoded (the header and the first row read), the text path reads the file a line at a
   * time; then `ByteRowReader` reads the rest from its bytes, from a line's start.
   */
  const feedChunk = async (chunk: Buffer) => {
    if (reader) return feedBytes(chunk);
    for (let at = 0; at < chunk.length;) {
      if (encoder && parser.atRecordStart) {
        reader = new ByteRowReader(
          layout!,
          encoder,
          parser.separatorChar.charCodeAt(0),
          decimalComma(),
          sink,
          dictionary !== null,
        );
        return feedBytes(chunk.subarray(at));
      }
      const lineBreak = chunk.indexOf(LINE_FEED, at);
      const next = lineBreak === -1 ? chunk.length : lineBreak + 1;
      await feed(decode(decoder, chunk.subarray(at, next), parser.currentLine));
      at = next;
    }
  };

  /**
   * Bytes the reader reads at a time: as much COPY data as the staging sends in one write, which it then sends on
   * (a direct import reserves ids for the rows of each slice before reading it).
   */
  const sliceBytes = () => staging!.batchBytesLimit;

  const feedBytes = async (chunk: Buffer) => {
    unread.push(chunk);
    unreadBytes += chunk.length;
    if (unreadBytes < sliceBytes()) return;
    const bytes = unread.length === 1 ? unread[0] : Buffer.concat(unread, unreadBytes);
    unread = [];
    unreadBytes = 0;
    const last = bytes.lastIndexOf(LINE_FEED);
    if (last + 1 < bytes.length) {
      if (bytes.length - last - 1 > MAX_LINE_BYTES) throw tooLong();
      unread = [Buffer.from(bytes.subarray(last + 1))];
      unreadBytes = unread[0].length;
    }
    await readBytes(bytes, 0, last + 1);
  };

  const readBytes = async (bytes: Buffer, start: number, end: number) => {
    for (let at = start; at < end;) {
      let to = end;
      if (at + sliceBytes() < end) {
        const lineBreak = bytes.indexOf(LINE_FEED, at + sliceBytes());
        if (lineBreak !== -1 && lineBreak < end) to = lineBreak + 1;
      }
      if (dictionary) await reserveFor(breaksIn(bytes, at, to) + 1);
      reader!.read(bytes, at, to);
      reader!.flush();
      await staging!.flushIfFull();
      at = to;
    }
  };

  let phaseStarted = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    target.onPhase?.(name, now - phaseStarted);
    phaseStarted = now;
  };

  try {
    for await (const chunk of chunks) {
      if (first && chunk.length > 0) {
        first = false;
        if (BINARY_SIGNATURES.some((sig) => chunk.subarray(0, sig.length).equals(sig)))
          throw new AppError(415, M.notCsv);
      }
      await feedChunk(chunk);
    }
    if (unreadBytes > 0) {
      const rest = Buffer.concat(unread, unreadBytes);
      unread = [];
      unreadBytes = 0;
      await readBytes(rest, 0, rest.length);
    }
    await feed(decode(decoder, undefined, parser.currentLine));
    // The last record, when no line break follows it, comes with `end`; then the rows held back.
    await reserveFor(1);
    parser.end();
    if (!layout) throw new CsvImportError(M.emptyFile);
    await startEncoding();
    if (!encoder) throw new CsvImportError(M.noRows);
    await reserveFor(0);
    const rest = encoder.finish();
    if (rest !== "") pending.push(rest);
    if (encoder.rows === 0) throw new CsvImportError(M.noRows);
    const grain = target.grain ?? inferGrain(encoder.dates);
    const off = offGrain([...encoder.dates].sort(), grain);
    if (off) throw new CsvImportError(X.datesOffGrain(layout.dateName, off.date, grain, off.other));
    const open = staging!;
    for (const line of pending) open.push(line);
    pending = [];

    phase("read, check, COPY and insert all but the last chunk");
    await open.finishCopy(encoder!.dates, encoder!.rows, encoder!.rollupSums);
    // For a new source this includes building its partition's key (also reported alone, by the staging).
    phase("insert the last chunk (and attach a new source's partition)");
    const derived = layout.dimensions.filter((d) => d.derived).map((d) => d.dim.key);
    const metrics = layoutMetrics(layout);
    const summary: Omit<UploadSummary, "replacedDates"> = {
      rows: encoder!.rows,
      dateRange: { start: encoder!.minDate!, end: encoder!.maxDate! },
      grain,
      coverage: { start: encoder!.minDate!, end: periodEnd(encoder!.maxDate!, grain), stated: false },
      ...(grain !== "day" ? { lastPeriodMayBePartial: true } : {}),
      metrics,
      dimensions: layoutDimensions(layout),
      ...(derived.length > 0 ? { derivedDimensions: derived } : {}),
      totals: metricTotals(metrics, encoder!.sums),
      ...target.describe?.({
        rows: encoder!.rows,
        dates: encoder!.dates,
        grain,
        metrics,
        sums: encoder!.sums,
        totalsRows: encoder!.totalsRows,
        ended: encoder!.ended,
      }),
      ...(target.generation ? { generation: target.generation } : {}),
    };
    if (layout.uaChannels) summary.notes = [...(summary.notes ?? []), UA_CHANNELS_NOTE];
    const { replacedDates } = await open.merge({
      dataSourceId: target.dataSourceId,
      grain,
      mapping: target.rememberMapping ?? layout.mapping,
      summary: { ...summary, ...target.meta },
      onPhase: target.onPhase,
    });
    phaseStarted = performance.now();
    await open.commit();
    phase("commit");
    return { ...summary, replacedDates };
  } catch (error) {
    // The parser may be mid-record when a later chunk fails to decode: close what was opened.
    const opened = staging ?? (await stagingOpening?.catch(() => undefined));
    await opened?.abort();
    if (error instanceof CsvSyntaxError) throw new CsvImportError(M.syntax(error.line, error.message));
    if (error instanceof DuplicateRowError && layout) throw duplicateRowError(error, layout);
    throw error;
  }
}

/** Each metric's sum (a position weighted by impressions back to the average it stands for). */
export function metricTotals(metrics: readonly BaseMetric[], sums: Float64Array): Partial<Record<BaseMetric, number>> {
  const totals: Partial<Record<BaseMetric, number>> = {};
  metrics.forEach((metric, k) => (totals[metric] = Math.round(sums[k] * 1e6) / 1e6));
  const impressions = metrics.indexOf("impressions");
  const position = metrics.indexOf("position");
  if (position !== -1)
    totals.position =
      impressions !== -1 && sums[impressions] > 0
        ? Math.round((sums[position] / sums[impressions]) * 100) / 100
        : undefined;
  return totals;
}

/** Line breaks in bytes (a CR or a LF each: at most how many records they end). */
function breaksIn(bytes: Buffer, start: number, end: number): number {
  let count = 0;
  for (let k = bytes.indexOf(LINE_FEED, start); k !== -1 && k < end; k = bytes.indexOf(LINE_FEED, k + 1)) count++;
  for (let k = bytes.indexOf(CARRIAGE_RETURN, start); k !== -1 && k < end; k = bytes.indexOf(CARRIAGE_RETURN, k + 1))
    count++;
  return count;
}

/** At most how many records a slice of text ends (each ends at a line break; a lone CR is one too), plus one. */
function recordsAtMost(text: string): number {
  let count = 1;
  for (let k = text.indexOf("\n"); k !== -1; k = text.indexOf("\n", k + 1)) count++;
  for (let k = text.indexOf("\r"); k !== -1; k = text.indexOf("\r", k + 1)) count++;
  return count;
}

function decode(decoder: TextDecoder, chunk: Buffer | undefined, line: number): string {
  try {
    return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
  } catch {
    // Name the line of the first bad byte: decode the chunk leniently and count the lines before it.
    const lenient = chunk ? new TextDecoder("utf-8").decode(chunk) : "";
    const bad = lenient.indexOf("\uFFFD");
    let breaks = 0;
    for (let k = lenient.indexOf("\n"); k !== -1 && k < bad; k = lenient.indexOf("\n", k + 1)) breaks++;
    throw new CsvImportError(M.notUtf8(line + breaks));
  }
}

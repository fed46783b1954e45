import { createHash } from "node:crypto";
import { DATA_SOURCE_MESSAGES as M } from "@/lib/constants/data-source-messages";
import { DIMENSIONS, type Dimension as DimensionKey, type DimensionEntry } from "@/lib/catalogue/dimensions";
import { STORED_METRICS, type BaseMetric, type StoredMetric } from "@/lib/catalogue/metrics";
import { BadRequestError } from "../../../errors";

/** A CSV the importer refuses: 400 with the line (and column) in the message and under `errors.file`. */
export class CsvImportError extends BadRequestError {
  constructor(message: string) {
    super(message, { file: message });
  }
}

type Dimension = DimensionEntry;
type Metric = StoredMetric;

export const MAX_DIMENSION_LENGTH = 2000;
export const NOT_SET = "(not set)";

// Header names match loosely: "landingPage", "landing_page" and "Landing Page" are one column.
const squash = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");
const BY_NAME = new Map<
  string,
  { kind: "date" } | { kind: "dimension"; dim: Dimension } | { kind: "metric"; metric: Metric }
>([
  ["date", { kind: "date" }],
  ...DIMENSIONS.map((dim) => [squash(dim.key), { kind: "dimension" as const, dim }] as const),
  ...STORED_METRICS.map((metric) => [squash(metric.key), { kind: "metric" as const, metric }] as const),
]);

/** Where each known column sits in the file, read from its header row. */
export interface CsvLayout {
  width: number;
  dateIndex: number;
  dateName: string;
  /** In the order of DIMENSIONS, with the header's spelling for messages. */
  dimensions: { index: number; dim: Dimension; name: string }[];
  metrics: { index: number; metric: Metric; name: string }[];
  impressionsIndex: number;
  /** The staging table's columns the COPY fills, in the order `encodeRow` writes them. */
  copyColumns: string[];
}

export function readHeader(fields: string[], line: number): CsvLayout {
  let dateIndex = -1;
  let dateName = "date";
  const dimensions: CsvLayout["dimensions"] = [];
  const metrics: CsvLayout["metrics"] = [];
  const seen = new Set<string>();
  fields.forEach((raw, index) => {
    const name = raw.trim();
    if (name === "") throw new CsvImportError(M.unnamedColumn(line, index + 1));
    const key = squash(name);
    const found = BY_NAME.get(key);
    if (!found) throw new CsvImportError(M.unknownColumn(line, name));
    if (seen.has(key)) throw new CsvImportError(M.duplicateColumn(line, name));
    seen.add(key);
    if (found.kind === "date") {
      dateIndex = index;
      dateName = name;
    } else if (found.kind === "dimension") dimensions.push({ index, dim: found.dim, name });
    else metrics.push({ index, metric: found.metric, name });
  });
  if (dateIndex === -1) throw new CsvImportError(M.missingDate(line));
  if (metrics.length === 0) throw new CsvImportError(M.noMetric(line));
  const order = <T extends { key: string }>(all: readonly T[], x: T) => all.indexOf(x);
  dimensions.sort((a, b) => order(DIMENSIONS, a.dim) - order(DIMENSIONS, b.dim));
  metrics.sort((a, b) => order(STORED_METRICS, a.metric) - order(STORED_METRICS, b.metric));
  const impressionsIndex = metrics.find((m) => m.metric.key === "impressions")?.index ?? -1;
  if (metrics.some((m) => m.metric.key === "position") && impressionsIndex === -1)
    throw new CsvImportError(M.positionNeedsImpressions(line));
  return {
    width: fields.length,
    dateIndex,
    dateName,
    dimensions,
    metrics,
    impressionsIndex,
    copyColumns: [
      "line",
      "date",
      "combo",
      "key",
      ...dimensions.map((d) => d.dim.column),
      ...metrics.map((m) => m.metric.column),
    ],
  };
}

export const layoutDimensions = (layout: CsvLayout): DimensionKey[] => layout.dimensions.map((d) => d.dim.key);
export const layoutMetrics = (layout: CsvLayout): BaseMetric[] => layout.metrics.map((m) => m.metric.key);

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isDigits = (s: string) => /^\d+$/.test(s);

/** "2024-03-01" or "20240301" to "2024-03-01"; null when it is not a real calendar day. */
export function parseDate(raw: string): string | null {
  const s = raw.trim();
  let y: string, m: string, d: string;
  if (s.length === 10 && s[4] === "-" && s[7] === "-") {
    y = s.slice(0, 4);
    m = s.slice(5, 7);
    d = s.slice(8, 10);
  } else if (s.length === 8) {
    y = s.slice(0, 4);
    m = s.slice(4, 6);
    d = s.slice(6, 8);
  } else return null;
  if (!isDigits(y) || !isDigits(m) || !isDigits(d)) return null;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (year < 1900 || month < 1 || month > 12 || day < 1) return null;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const max = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
  if (day > max) return null;
  return `${y}-${m}-${d}`;
}

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** COPY text format: backslash, tab and line breaks escaped. */
export function copyText(value: string): string {
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/[\\\t\n\r]/g, (c) => (c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r"))
    : value;
}

/**
 * Turns the file's rows into lines of COPY text for the staging table, checking each value, and
 * keeps what the answer reports (row count, first and last date). The hot path is a row whose
 * dimension values were seen before: one map lookup on the raw cells, no normalising or hashing.
 */
export class RowEncoder {
  rows = 0;
  minDate: string | null = null;
  maxDate: string | null = null;
  // Raw cells of a combination -> its number in this file; files repeat a few thousand
  // combinations over and over. Rows carry the small number; the combination's first row also
  // carries its key and values, which the merge resolves once per combination.
  private combos = new Map<string, number>();
  private nextCombo = 1;
  private readonly nullDims: string;
  private lastRawDate = "";
  private lastDate = "";

  constructor(private readonly layout: CsvLayout) {
    this.nullDims = "\t\\N".repeat(layout.dimensions.length);
  }

  encode(fields: string[], line: number): string {
    const layout = this.layout;
    if (fields.length !== layout.width) throw new CsvImportError(M.wrongWidth(line, layout.width, fields.length));
    const date = this.date(fields[layout.dateIndex], line);

    let out = "";
    for (const { index, metric, name } of layout.metrics) {
      const raw = fields[index];
      const text = numberText(raw);
      if (text === null) {
        if (raw.trim() === "") {
          out += "\t\\N";
          continue;
        }
        throw new CsvImportError(M.notANumber(line, name, raw.trim()));
      }
      // Only a minus sign can make it negative, only an exponent or many digits infinite: skip
      // the conversion for the plain cells that make up nearly every file.
      if (text.charCodeAt(0) === 45 && !metric.allowNegative && Number(text) < 0)
        throw new CsvImportError(M.negative(line, name, text));
      let cell = text;
      if (text.length > 15 || /[eE]/.test(text)) {
        const value = Number(text);
        if (!Number.isFinite(value)) throw new CsvImportError(M.notANumber(line, name, text));
        // PostgreSQL refuses what underflows a double ("1e-400"); such a value is 0.
        cell = Math.abs(value) < 1e-300 ? "0" : String(value);
      }
      if (metric.key === "position") {
        const value = Number(text);
        const impressions = fields[layout.impressionsIndex].trim();
        if (impressions === "") throw new CsvImportError(M.positionWithoutImpressions(line));
        // impressions is checked as its own column (it comes first); a bad value fails there.
        out += "\t" + String(value * Number(impressions));
      } else {
        out += "\t" + cell;
      }
    }
    this.rows++;

    let raw = "";
    for (const d of layout.dimensions) raw += fields[d.index] + "\u0001";
    const known = this.combos.get(raw);
    if (known !== undefined) return `${line}\t${date}\t${known}\t\\N${this.nullDims}${out}\n`;

    // A combination not seen yet in this file: normalise, check, hash; its key and values go with this row.
    const values: Partial<Record<DimensionKey, string>> = {};
    let dims = "";
    for (const { index, dim, name } of layout.dimensions) {
      const value = normalizeDimension(fields[index]);
      if (value.length > MAX_DIMENSION_LENGTH)
        throw new CsvImportError(M.valueTooLong(line, name, MAX_DIMENSION_LENGTH));
      values[dim.key] = value;
      dims += "\t" + copyText(value);
    }
    const key = dimensionKey(dimensionIdentity(values));
    // Bounded: a file of mostly distinct combinations must not grow this without end (a
    // combination seen again after a reset gets a new number and is sent with its key again).
    if (this.combos.size >= 50_000) this.combos.clear();
    const combo = this.nextCombo++;
    this.combos.set(raw, combo);
    return `${line}\t${date}\t${combo}\t${key}${dims}${out}\n`;
  }

  private date(raw: string, line: number): string {
    // Exports list a day's rows together: the same cell again is the same date.
    if (raw === this.lastRawDate) return this.lastDate;
    const date = parseDate(raw);
    if (date === null) throw new CsvImportError(M.badDate(line, this.layout.dateName, raw.trim()));
    if (this.minDate === null || date < this.minDate) this.minDate = date;
    if (this.maxDate === null || date > this.maxDate) this.maxDate = date;
    this.lastRawDate = raw;
    this.lastDate = date;
    return date;
  }
}

/** The cell as a plain decimal number's text (sign, digits, point, exponent; spaces around dropped), or null. */
export function numberText(raw: string): string | null {
  if (NUMBER.test(raw)) return raw;
  const trimmed = raw.trim();
  return trimmed !== raw && NUMBER.test(trimmed) ? trimmed : null;
}

/** Trimmed, Unicode NFC; an empty value is "(not set)", as analytics tools show it. Case is kept. */
export function normalizeDimension(raw: string): string {
  let value = raw.trim();
  if (/[^\u0000-\u007f]/.test(value)) value = value.normalize("NFC");
  return value === "" ? NOT_SET : value;
}

/** The key of a dimension combination: md5 of the values in DIMENSIONS order, absent ones marked. */
export function dimensionKey(identity: string): string {
  return createHash("md5").update(identity).digest("hex");
}

/** The identity string `dimensionKey` hashes, for code that builds combinations without a file (the demo seed). */
export function dimensionIdentity(values: Partial<Record<DimensionKey, string>>): string {
  let identity = "";
  for (const dim of DIMENSIONS) {
    const value = values[dim.key];
    identity += value === undefined ? "\u0000\u0001" : normalizeDimension(value) + "\u0001";
  }
  return identity;
}

import { isUtf8 } from "node:buffer";
import { DATA_SOURCE_MESSAGES as M } from "@/lib/constants/data-source-messages";
import { EXACT_POWERS_OF_TEN } from "@/lib/csv-import/parse-number";
import { AppError } from "../../../errors";
import { binaryRowBytes, copyTextToBinary, postgresDay, viewOf, writeBinaryRow } from "./copy-binary";
import { CsvImportError, type CsvLayout, type KnownCombination, type RowEncoder } from "./csv-layout";

const LF = 10;
const CR = 13;
const QUOTE = 34;
const HASH = 35;
const MINUS = 45;
const DOT = 46;
const COMMA = 44;
const ZERO = 48;
const NINE = 57;
const TAB = 9;
const SOH = 1;

/** Bytes of COPY data a buffer holds (a new one when it is full: the staging keeps what was handed on). */
const OUT_BYTES = 256 * 1024;
/** Combinations remembered by their bytes (as the encoder bounds its own). */
const MAX_COMBINATIONS = 50_000;
/** `plainNumber`'s answer for a cell the text path must read (no cell is read as infinite). */
const NOT_PLAIN = Infinity;
// FNV-1a: the combination's cells hashed as the row is read, without a string.
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** A combination's dimension cells (each followed by 0x01) and what the encoder gave it. */
interface ByteCombination {
  bytes: Uint8Array;
  known: KnownCombination;
  comboText: Uint8Array;
  next: ByteCombination | undefined;
}

/** Where the reader hands what it cannot read itself, and its output. */
export interface ByteRowSink {
  /** Parses text the reader could not split (quotes within quotes, a line break in a field, a lone CR). */
  parse(text: string): void;
  /** The parser's line count, kept in step with the lines this reader takes. */
  line: number;
  /** Whether the parser ended its record (a quoted cell may go on over lines). */
  atRecordStart(): boolean;
  /** COPY data (text, or binary for a new partition), in file order. */
  emit(bytes: Buffer): void;
}

/**
 * Reads the rows of a CSV after its header from the file's bytes, without a string per cell: most rows of an
 * export repeat a date and a dimension combination already seen, with plain numbers, and such a row is checked
 * and written to COPY data byte by byte (a million rows: 0.8 CPU-s with the rollup sums, where the text path took
 * about 3, most of the difference being strings and their garbage).
 * Every other row is split here and given to `RowEncoder.encode` as strings (the first row of a day or a
 * combination, a cell to clean such as "1,234" or "$12", an empty line); a line this reader cannot split goes
 * to the CSV parser. Both paths write the same COPY data and checks for the same row, in file order.
 */
export class ByteRowReader {
  private readonly width: number;
  private readonly starts: Int32Array;
  private readonly ends: Int32Array;
  private readonly dateIndex: number;
  private readonly metricIndexes: Int32Array;
  private readonly allowNegative: Uint8Array;
  /** The file's dimension cells in the encoder's order (a source / medium cell twice). */
  private readonly dimensionIndexes: Int32Array;
  /** Cells the mapping leaves out: not read, but they must be text like the rest of the file. */
  private readonly ignoredIndexes: Int32Array;
  private readonly values: Float64Array;
  private readonly tail: Uint8Array;
  /** Off when no row can be encoded here (a position column: each value is weighted by the row's impressions). */
  private readonly encodes: boolean;
  private readonly combinations = new Map<number, ByteCombination>();
  private combinationCount = 0;
  private lastDate: Uint8Array | null = null;
  private lastDay = "";
  private lastDayBytes = new Uint8Array(0);
  private lastDayNumber = 0;
  private out = Buffer.allocUnsafe(OUT_BYTES);
  private outView = viewOf(this.out);
  /** Where the line after the one `split` read starts. */
  private next = 0;
  private outAt = 0;
  /** Where the bytes not yet handed on start (the staging keeps what was handed on: it is never written over). */
  private outStart = 0;

  constructor(
    layout: CsvLayout,
    private readonly encoder: RowEncoder,
    private readonly separator: number,
    private readonly decimalComma: boolean,
    private readonly sink: ByteRowSink,
    /** Rows in PostgreSQL's binary COPY format (a new source's partition, `copy-binary.ts`) rather than text. */
    private readonly binary = false,
  ) {
    this.width = layout.width;
    this.starts = new Int32Array(layout.width);
    this.ends = new Int32Array(layout.width);
    this.dateIndex = layout.dateIndex;
    this.metricIndexes = Int32Array.from(layout.metrics.map((m) => m.index));
    this.allowNegative = Uint8Array.from(layout.metrics.map((m) => (m.metric.allowNegative ? 1 : 0)));
    this.dimensionIndexes = Int32Array.from(layout.dimensions.filter((d) => !d.derived).map((d) => d.index));
    const read = new Set([
      layout.dateIndex,
      ...layout.metrics.map((m) => m.index),
      ...layout.dimensions.map((d) => d.index),
    ]);
    this.ignoredIndexes = Int32Array.from(
      Array.from({ length: layout.width }, (_, i) => i).filter((i) => !read.has(i)),
    );
    this.values = new Float64Array(layout.metrics.length);
    this.tail = Buffer.from(encoder.knownCombinationTail, "utf8");
    this.encodes = !layout.metrics.some((m) => m.metric.key === "position");
  }

  /**
   * Reads the lines of `bytes` from `start` to `end` (a line break ends each, but the file's last line may have
   * none).
   */
  read(bytes: Buffer, start: number, end: number): void {
    // A record the parser began (a quoted cell over lines) ends first.
    let at = this.sink.atRecordStart() ? start : this.parseRest(bytes, start, end);
    let line = this.sink.line;
    while (at < end) {
      // The table ended (another table of the export follows): nothing after it is read.
      if (this.encoder.ended) return;
      const first = bytes[at];
      if (first === LF) {
        // A blank line.
        line++;
        at++;
      } else if (first === CR && at + 1 < end && bytes[at + 1] === LF) {
        line++;
        at += 2;
      } else if (first !== HASH && this.split(bytes, at, end) === this.width) {
        if (!(this.encodes && this.encoder.heldRows === 0 && this.encodeKnown(bytes, at, line)))
          this.encodeNew(bytes, line);
        line++;
        at = this.next;
      } else {
        // Not split here (a comment, quotes within quotes, a line break in a quoted cell, a lone CR, another
        // width): the parser reads it and the lines its record goes on over, and says what is wrong with it.
        const next = first === HASH ? lineAfter(bytes, at, end) : this.next;
        this.sink.line = line;
        this.parse(bytes, at, next);
        at = this.sink.atRecordStart() ? next : this.parseRest(bytes, next, end);
        line = this.sink.line;
      }
    }
    this.sink.line = line;
  }

  /** Hands on the COPY data gathered since the last time (the rest of the buffer is written on afterwards). */
  flush(): void {
    if (this.outAt === this.outStart) return;
    this.sink.emit(this.out.subarray(this.outStart, this.outAt));
    this.outStart = this.outAt;
  }

  /** Makes room for `bytes` more: what is gathered is handed on, and a new buffer taken when this one is full. */
  private room(bytes: number): void {
    if (this.outAt + bytes <= this.out.length) return;
    this.flush();
    this.out = Buffer.allocUnsafe(Math.max(OUT_BYTES, bytes));
    this.outView = viewOf(this.out);
    this.outAt = 0;
    this.outStart = 0;
  }

  /** Gives the parser the lines from `start` until its record ends (or `end`); returns where it stopped. */
  private parseRest(bytes: Buffer, start: number, end: number): number {
    let at = start;
    while (at < end && !this.sink.atRecordStart()) {
      const next = lineAfter(bytes, at, end);
      this.parse(bytes, at, next);
      at = next;
    }
    return at;
  }

  /** Gives the parser text, after the COPY data read before it (the rows stay in file order). */
  private parse(bytes: Buffer, start: number, end: number): void {
    this.flush();
    this.sink.parse(this.cell(bytes, start, end, this.sink.line));
  }

  /**
   * Splits the line at `start` into `starts`/`ends` (a quoted cell without its quotes) and sets `next` to where
   * the next line starts. Returns the number of cells, or -1 when the line has what only the parser reads: a
   * quote inside a cell or after a closing quote, a line break in a quoted cell, a lone CR, too many cells.
   */
  private split(bytes: Buffer, start: number, end: number): number {
    const starts = this.starts;
    const ends = this.ends;
    const width = this.width;
    const separator = this.separator;
    let cells = 0;
    let at = start;
    for (;;) {
      let k = at;
      let cellStart = at;
      let cellEnd: number;
      if (k < end && bytes[k] === QUOTE) {
        k++;
        while (k < end) {
          const c = bytes[k];
          if (c === QUOTE) break;
          if (c === LF) return this.unsplit(bytes, k, end);
          k++;
        }
        if (k >= end) return this.unsplit(bytes, k, end);
        cellStart = at + 1;
        cellEnd = k;
        k++;
      } else {
        while (k < end) {
          const c = bytes[k];
          if (c === separator || c === LF || c === CR || c === QUOTE) break;
          k++;
        }
        cellEnd = k;
      }
      if (cells === width) return this.unsplit(bytes, k, end);
      starts[cells] = cellStart;
      ends[cells] = cellEnd;
      cells++;
      if (k >= end) {
        this.next = end;
        return cells;
      }
      const c = bytes[k];
      if (c === separator) {
        at = k + 1;
      } else if (c === LF) {
        this.next = k + 1;
        return cells;
      } else if (c === CR && k + 1 < end && bytes[k + 1] === LF) {
        this.next = k + 2;
        return cells;
      } else {
        return this.unsplit(bytes, k, end);
      }
    }
  }

  /** A line `split` leaves to the parser: `next` after its line break. */
  private unsplit(bytes: Buffer, from: number, end: number): number {
    this.next = lineAfter(bytes, from, end);
    return -1;
  }

  /**
   * Encodes the split line when its date cell and dimension cells were seen before and its numbers are plain;
   * false (nothing written, nothing counted) otherwise.
   */
  private encodeKnown(bytes: Buffer, start: number, line: number): boolean {
    const starts = this.starts;
    const ends = this.ends;
    // The date: the last row's cell again, or a cell read before.
    const ds = starts[this.dateIndex];
    const de = ends[this.dateIndex];
    if (this.lastDate === null || !sameBytes(bytes, ds, de, this.lastDate)) {
      for (let k = ds; k < de; k++) if (bytes[k] >= 0x80) return false;
      const day = this.encoder.knownDate(bytes.toString("latin1", ds, de));
      if (day === undefined) return false;
      this.lastDate = new Uint8Array(bytes.subarray(ds, de));
      if (day !== this.lastDay) {
        this.lastDay = day;
        this.lastDayBytes = Buffer.from(day, "latin1");
        this.lastDayNumber = postgresDay(day);
      }
    }
    // Cells left out: only ASCII here (other bytes are checked as UTF-8 on the text path).
    for (let i = 0; i < this.ignoredIndexes.length; i++) {
      for (let k = starts[this.ignoredIndexes[i]]; k < ends[this.ignoredIndexes[i]]; k++)
        if (bytes[k] >= 0x80 || bytes[k] === 0) return false;
    }
    // The dimension cells: a combination read before.
    const combination = this.findCombination(bytes);
    if (combination === undefined) return false;
    // The numbers: plain decimals (or empty).
    const values = this.values;
    const metrics = this.metricIndexes;
    for (let m = 0; m < metrics.length; m++) {
      const value = this.plainNumber(bytes, starts[metrics[m]], ends[metrics[m]]);
      if (value === NOT_PLAIN) return false;
      if (value < 0 && this.allowNegative[m] === 0) return false;
      values[m] = value;
    }
    if (this.binary) {
      this.room(binaryRowBytes(metrics.length));
      this.outAt = writeBinaryRow(
        this.outView,
        this.outAt,
        line,
        this.lastDayNumber,
        combination.known.combo,
        values,
        metrics.length,
      );
      this.encoder.countRow(this.lastDay, combination.known, values);
      return true;
    }
    // Checked: write `line \t day \t combo tail (\t cell)* \n`.
    let lineLength = 1;
    for (let v = line; v >= 10; v = Math.floor(v / 10)) lineLength++;
    // At most: the line's own bytes, its number, a day, the combination and "\\N" for each empty cell.
    const most = this.next - start + 40 + this.tail.length + 2 * metrics.length;
    this.room(most);
    const out = this.out;
    let o = this.outAt + lineLength;
    for (let v = line, p = o - 1; p >= this.outAt; v = Math.floor(v / 10), p--) out[p] = ZERO + (v % 10);
    out[o++] = TAB;
    o = put(out, o, this.lastDayBytes);
    out[o++] = TAB;
    o = put(out, o, combination.comboText);
    o = put(out, o, this.tail);
    for (let m = 0; m < metrics.length; m++) {
      out[o++] = TAB;
      const s = starts[metrics[m]];
      const e = ends[metrics[m]];
      if (s === e) {
        out[o++] = 92; // \N: no value
        out[o++] = 78;
        continue;
      }
      for (let k = s; k < e; k++) {
        const c = bytes[k];
        out[o++] = c === COMMA ? DOT : c;
      }
    }
    out[o++] = LF;
    this.outAt = o;
    this.encoder.countRow(this.lastDay, combination.known, values);
    return true;
  }

  /**
   * A cell's value when it is a plain decimal as the text path reads it without cleaning (at most 15 digits,
   * an optional minus, a decimal point, or with `decimalComma` a comma between digits); NaN for an empty cell;
   * NOT_PLAIN for anything else.
   */
  private plainNumber(bytes: Buffer, start: number, end: number): number {
    const n = end - start;
    if (n === 0) return NaN;
    if (n > 17) return NOT_PLAIN;
    let i = start;
    let negative = false;
    if (bytes[i] === MINUS) {
      negative = true;
      i++;
    }
    const point = this.decimalComma ? COMMA : DOT;
    let mantissa = 0;
    let digits = 0;
    let whole = 0;
    let fraction = -1;
    for (; i < end; i++) {
      const c = bytes[i];
      if (c >= ZERO && c <= NINE) {
        mantissa = mantissa * 10 + (c - ZERO);
        digits++;
        if (fraction >= 0) fraction++;
        else whole++;
      } else if (c === point && fraction < 0) {
        fraction = 0;
      } else {
        return NOT_PLAIN;
      }
    }
    if (digits === 0 || digits > 15) return NOT_PLAIN;
    if (this.decimalComma && fraction >= 0) {
      // "12,5" is a decimal; "1,234" groups thousands and "12," or ",5" is not a number there: the text path.
      if (whole === 0 || fraction === 0 || (whole <= 3 && fraction === 3)) return NOT_PLAIN;
    }
    const value = fraction > 0 ? mantissa / EXACT_POWERS_OF_TEN[fraction] : mantissa;
    return negative ? -value : value;
  }

  private findCombination(bytes: Buffer): ByteCombination | undefined {
    const starts = this.starts;
    const ends = this.ends;
    const indexes = this.dimensionIndexes;
    const count = indexes.length;
    for (let c = this.combinations.get(this.combinationHash(bytes)); c !== undefined; c = c.next) {
      const key = c.bytes;
      let p = 0;
      let d = 0;
      for (; d < count; d++) {
        const s = starts[indexes[d]];
        const length = ends[indexes[d]] - s;
        if (p + length >= key.length) break;
        let k = 0;
        while (k < length && key[p + k] === bytes[s + k]) k++;
        if (k < length || key[p + length] !== SOH) break;
        p += length + 1;
      }
      if (d === count && p === key.length) return c;
    }
    return undefined;
  }

  /** A row the encoder reads from its cells as strings; its combination is then remembered by its bytes. */
  private encodeNew(bytes: Buffer, line: number): void {
    const fields: string[] = new Array(this.width);
    for (let f = 0; f < this.width; f++) fields[f] = this.cell(bytes, this.starts[f], this.ends[f], line);
    const text = this.encoder.encode(fields, line);
    if (text !== "") this.write(this.binary ? copyTextToBinary(text) : text);
    if (!this.encodes || this.encoder.heldRows > 0) return;
    let raw = "";
    for (let d = 0; d < this.dimensionIndexes.length; d++) raw += fields[this.dimensionIndexes[d]] + "\u0001";
    const known = this.encoder.knownCombination(raw);
    if (known !== undefined && this.findCombination(bytes) === undefined) this.remember(bytes, known);
  }

  private remember(bytes: Buffer, known: KnownCombination): void {
    if (this.combinationCount >= MAX_COMBINATIONS) {
      this.combinations.clear();
      this.combinationCount = 0;
    }
    let length = 0;
    for (const d of this.dimensionIndexes) length += this.ends[d] - this.starts[d] + 1;
    const key = new Uint8Array(length);
    let p = 0;
    for (const d of this.dimensionIndexes) {
      key.set(bytes.subarray(this.starts[d], this.ends[d]), p);
      p += this.ends[d] - this.starts[d];
      key[p++] = SOH;
    }
    const hash = this.combinationHash(bytes);
    this.combinations.set(hash, {
      bytes: key,
      known,
      comboText: Buffer.from(String(known.combo), "latin1"),
      next: this.combinations.get(hash),
    });
    this.combinationCount++;
  }

  /** FNV-1a of the split line's dimension cells, each followed by 0x01 (the bytes `remember` keeps). */
  private combinationHash(bytes: Buffer): number {
    let hash = FNV_OFFSET;
    for (let d = 0; d < this.dimensionIndexes.length; d++) {
      const index = this.dimensionIndexes[d];
      for (let k = this.starts[index]; k < this.ends[index]; k++) hash = Math.imul(hash ^ bytes[k], FNV_PRIME);
      hash = Math.imul(hash ^ SOH, FNV_PRIME);
    }
    return hash;
  }

  /** A cell as text; the file's bytes must be UTF-8 without NUL. */
  private cell(bytes: Buffer, start: number, end: number, line: number): string {
    const view = bytes.subarray(start, end);
    if (!isUtf8(view)) throw new CsvImportError(M.notUtf8(line));
    const text = bytes.toString("utf8", start, end);
    if (text.includes("\u0000")) throw new AppError(415, M.notCsv);
    return text;
  }

  private write(data: string | Buffer): void {
    const most = typeof data === "string" ? data.length * 3 : data.length;
    this.room(most);
    this.outAt += typeof data === "string" ? this.out.write(data, this.outAt, "utf8") : data.copy(this.out, this.outAt);
  }
}

/** Where the line after the one holding `from` starts (`end` when no line break follows). */
function lineAfter(bytes: Buffer, from: number, end: number): number {
  const lineBreak = bytes.indexOf(LF, from);
  return lineBreak === -1 || lineBreak >= end ? end : lineBreak + 1;
}

function sameBytes(bytes: Buffer, start: number, end: number, other: Uint8Array): boolean {
  if (end - start !== other.length) return false;
  for (let k = 0; k < other.length; k++) if (bytes[start + k] !== other[k]) return false;
  return true;
}

function put(out: Buffer, at: number, bytes: Uint8Array): number {
  for (let k = 0; k < bytes.length; k++) out[at + k] = bytes[k];
  return at + bytes.length;
}

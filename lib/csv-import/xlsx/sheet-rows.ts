import { cellText, csvLine } from "../xlsx-cells";
import { stringItemText, xmlText } from "./workbook-parts";

// A worksheet's XML, as it inflates, into the CSV lines lib/csv-import reads (one per sheet row, a blank line for a
// row the sheet leaves out, so line numbers are the sheet's row numbers). Each cell becomes the value ExcelJS would
// give it (a number, a Date for a number in a date style, a string, a boolean) and lib/csv-import/xlsx-cells.ts
// writes it, so a cell reads the same here as in the wizard's preview.

const P = "(?:[\\w.-]+:)?";
const ROW = new RegExp(`<${P}row(\\s[^>]*?)?(?:\\/>|>([\\s\\S]*?)<\\/${P}row>)`, "g");
const CELL = new RegExp(`<${P}c(\\s[^>]*?)?(?:\\/>|>([\\s\\S]*?)<\\/${P}c>)`, "g");
const VALUE = new RegExp(`<${P}v(?:\\s[^>]*)?>([\\s\\S]*?)<\\/${P}v>`);
const INLINE = new RegExp(`<${P}is(?:\\s[^>]*)?>([\\s\\S]*?)<\\/${P}is>`);
const R = /(?:^|\s)r\s*=\s*["']([^"']*)["']/;
const S = /(?:^|\s)s\s*=\s*["']([^"']*)["']/;
const T = /(?:^|\s)t\s*=\s*["']([^"']*)["']/;

const DAY_MS = 86_400_000;

/** An attribute of a cell or row tag: the way writers put it (` r="A2"`) found by position, any other by `re`. */
function attribute(attributes: string, name: string, re: RegExp): string | undefined {
  const at = attributes.indexOf(` ${name}="`);
  if (at >= 0) {
    const start = at + name.length + 3;
    return attributes.slice(start, attributes.indexOf('"', start));
  }
  return attributes.indexOf(name) < 0 ? undefined : re.exec(attributes)?.[1];
}

/** Excel's serial day number as a Date (ExcelJS's own conversion, so times round to the millisecond as there). */
export function excelDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * DAY_MS));
}

/** The column number (1-based) of a cell reference's letters (`AB12` → 28), or 0 when it has none. */
function columnOf(ref: string): number {
  let column = 0;
  for (let i = 0; i < ref.length; i++) {
    const code = ref.charCodeAt(i) | 0x20;
    if (code < 97 || code > 122) break;
    column = column * 26 + (code - 96);
  }
  return column;
}

export interface SheetContext {
  sharedStrings: readonly string[];
  dateStyles: readonly boolean[];
  date1904: boolean;
}

export class SheetRowReader {
  /** The sheet row number of the last line written. */
  private lines = 0;
  private pending = "";
  private lastSerial = NaN;
  private lastDateText = "";

  constructor(
    private readonly context: SheetContext,
    private readonly emit: (text: string) => void,
  ) {}

  /** More of the sheet's XML: the rows it completes are written, the rest waits for the next piece. */
  write(text: string): void {
    const xml = this.pending === "" ? text : this.pending + text;
    let out = "";
    let end = 0;
    ROW.lastIndex = 0;
    for (let m = ROW.exec(xml); m; m = ROW.exec(xml)) {
      const r = m[1] ? attribute(m[1], "r", R) : undefined;
      const number = r ? parseInt(r, 10) : this.lines + 1;
      out += "\n".repeat(Math.max(0, number - 1 - this.lines)) + csvLine(this.cells(m[2] ?? ""));
      this.lines = Math.max(this.lines, number);
      end = ROW.lastIndex;
    }
    this.pending = xml.slice(end);
    if (out !== "") this.emit(out);
  }

  /** A row's cells as ExcelJS's `row.values`: 1-based, holes for cells with no value. */
  private cells(xml: string): unknown[] {
    const values: unknown[] = [];
    let column = 0;
    CELL.lastIndex = 0;
    for (let m = CELL.exec(xml); m; m = CELL.exec(xml)) {
      const attributes = m[1] ?? "";
      const ref = attribute(attributes, "r", R);
      column = ref ? columnOf(ref) || column + 1 : column + 1;
      const inner = m[2];
      if (inner === undefined) continue;
      const value = this.value(attributes, inner);
      if (value !== undefined) values[column] = value;
    }
    return values;
  }

  private value(attributes: string, inner: string): unknown {
    const type = attribute(attributes, "t", T) ?? "n";
    if (type === "inlineStr") {
      const is = INLINE.exec(inner);
      return is ? stringItemText(is[1]) : undefined;
    }
    // Nearly every cell is `<v>…</v>` alone; a formula's or a prefixed one is looked for.
    const plain = inner.startsWith("<v>") && inner.endsWith("</v>") && inner.indexOf("<", 3) === inner.length - 4;
    const text = plain ? inner.slice(3, -4) : VALUE.exec(inner)?.[1];
    if (text === undefined) return undefined;
    switch (type) {
      case "s":
        return this.context.sharedStrings[parseInt(text, 10)];
      case "str":
        return xmlText(text);
      case "b":
        return parseInt(text, 10) !== 0;
      case "e":
        return undefined;
      case "d": {
        // ISO 8601 as written (strict SpreadsheetML); a time of day without a zone is the sheet's own, read as UTC.
        const local = /T\d/.test(text) && !/([zZ]|[+-]\d\d:?\d\d)$/.test(text);
        const date = new Date(local ? `${text}Z` : text);
        return Number.isNaN(date.getTime()) ? xmlText(text) : date;
      }
      default: {
        const number = parseFloat(text);
        const style = attribute(attributes, "s", S);
        if (style && this.context.dateStyles[parseInt(style, 10)] && Number.isFinite(number)) {
          // A report's rows repeat their day: its text is written once.
          if (number !== this.lastSerial) {
            this.lastSerial = number;
            this.lastDateText = cellText(excelDate(number, this.context.date1904));
          }
          return this.lastDateText;
        }
        return number;
      }
    }
  }
}

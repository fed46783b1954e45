import { parseDateCell } from "./parse-date";
import { parseNumberCell } from "./parse-number";
import { emptyPreamble, isPreambleRecord, notePreambleLine, type Preamble } from "./preamble";
import type { Item } from "./read-items";
import { squashName } from "./known-columns";

// A file as tables: what is above the first header (the preamble), then one table or several. GA4's report
// snapshots hold one table per card, each under its own `# Start date` / `# End date` lines; Universal Analytics'
// exports put the report's table (totals over the range) and, after a blank line, the chart's `Day Index` table.

export interface Section {
  headerLine: number;
  /** The header's cells, trimmed; trailing empty cells (which spreadsheets add) dropped. */
  headers: string[];
  rows: string[][];
  lines: number[];
  /** Rows seen, also past the ones kept. */
  rowCount: number;
  /** The range its own `# Start date` / `# End date` lines state (GA4), else null. */
  start: string | null;
  end: string | null;
  /** Its `#` title lines ("How much revenue are you generating?"). */
  titles: string[];
}

/** A record that names columns: two cells or more, none a number or a date. */
export function looksLikeHeader(fields: readonly string[]): boolean {
  let named = 0;
  for (const raw of fields) {
    const f = raw.trim();
    if (f === "") continue;
    if (parseNumberCell(f) !== null || parseDateCell(f, "mdy") !== null) return false;
    named++;
  }
  return named >= 2;
}

const allEmpty = (fields: readonly string[]) => fields.every((f) => f.trim() === "");

/** The header's cells, without the empty ones a spreadsheet adds at the end of each line. */
function headerCells(fields: readonly string[]): string[] {
  const cells = fields.map((f) => f.trim());
  while (cells.length > 1 && cells[cells.length - 1] === "") cells.pop();
  return cells;
}

/**
 * Splits items into tables as they come (a file's sample, or all of it as it streams). Comments and blank lines
 * between tables carry the next table's own range and titles; a header-looking record after one starts a new table.
 */
export class SectionSplitter {
  readonly preamble: Preamble = emptyPreamble();
  readonly sections: Section[] = [];
  private current: Section | null = null;
  private broke = false;
  private pending: { start: string | null; end: string | null; titles: string[] } = {
    start: null,
    end: null,
    titles: [],
  };

  constructor(private readonly keepRows = 500) {}

  /** Adds an item; returns the table a record row belongs to (with whether it started one), or null. */
  add(item: Item): { section: Section; started: boolean; row: string[] | null } | null {
    if (item.kind === "blank") {
      if (this.current) this.broke = true;
      return null;
    }
    if (item.kind === "comment") {
      if (!this.current) {
        notePreambleLine(this.preamble, item.text, item.line);
        return null;
      }
      this.broke = true;
      const labelled = /^\s*(start|end) date\s*:\s*(\S+)/i.exec(item.text);
      if (labelled) {
        const day = parseDateCell(labelled[2], null);
        const iso = day === "ambiguous" ? null : day;
        if (labelled[1].toLowerCase() === "start") this.pending.start = iso;
        else this.pending.end = iso;
      } else if (item.text.trim() !== "" && !/^\s*-+\s*$/.test(item.text)) {
        this.pending.titles.push(item.text.trim());
      }
      return null;
    }
    const fields = item.fields;
    if (allEmpty(fields)) {
      if (this.current) this.broke = true;
      return null;
    }
    if (!this.current) {
      if (isPreambleRecord(fields)) {
        notePreambleLine(this.preamble, fields.join(",").replace(/,+$/, ""), item.line);
        return null;
      }
      return {
        section: this.start(fields, item.line, this.preamble.start, this.preamble.end),
        started: true,
        row: null,
      };
    }
    const current = this.current;
    const brokeBefore = this.broke;
    this.broke = false;
    if ((brokeBefore || this.pending.start !== null) && looksLikeHeader(fields)) {
      const headers = headerCells(fields);
      // The same columns again without a range of their own: the same table goes on (files joined end to end).
      if (this.pending.start === null && sameHeaders(headers, current.headers)) return null;
      return { section: this.start(fields, item.line, this.pending.start, this.pending.end), started: true, row: null };
    }
    current.rowCount++;
    if (current.rows.length < this.keepRows) {
      current.rows.push(fields);
      current.lines.push(item.line);
    }
    return { section: current, started: false, row: fields };
  }

  private start(fields: readonly string[], line: number, start: string | null, end: string | null): Section {
    const section: Section = {
      headerLine: line,
      headers: headerCells(fields),
      rows: [],
      lines: [],
      rowCount: 0,
      start,
      end,
      titles: this.pending.titles,
    };
    this.pending = { start: null, end: null, titles: [] };
    this.broke = false;
    this.sections.push(section);
    this.current = section;
    return section;
  }
}

export const sameHeaders = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((h, i) => squashName(h) === squashName(b[i]));

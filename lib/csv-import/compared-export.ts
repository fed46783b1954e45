import type { Separator } from "./csv-parser";
import { readItems, sniffSeparator } from "./read-items";
import { SectionSplitter, type Section } from "./sections";

// What the readings of compared exports share (Search Console's compared ranges, lib/csv-import/range-comparison.ts;
// Shopify's comparison columns, lib/csv-import/period-comparison.ts): each reads the file's first table whole, keeps
// each period's row once (a period in both halves must hold the same figures in both), and writes both periods' rows
// as CSV text of its own, which the reading then reads as any export.

/** The file's first table, every row of it, and the file's separator. */
export function firstSection(text: string, complete: boolean): { separator: Separator; section: Section | undefined } {
  const separator = sniffSeparator(text);
  const splitter = new SectionSplitter(Infinity);
  for (const item of readItems(text, separator, complete).items) splitter.add(item);
  return { separator, section: splitter.sections[0] };
}

/** A cell of the rewritten CSV text: quoted when it holds a quote, a comma or a line break. */
export const csvCell = (s: string) => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** The rewritten CSV text: the header, then each row, each line ended. */
export function csvTable(header: readonly string[], rows: readonly (readonly string[])[] = []): string {
  return [header, ...rows].map((cells) => `${cells.map(csvCell).join(",")}\n`).join("");
}

/** Both periods' rows by their key (a period and the row's dimensions), in the order they are first given. */
export class RowsByKey {
  readonly rows = new Map<string, { line: number; cells: string[] }>();

  /**
   * Keeps a row's cells under its key: "kept" for a new key, "again" when a row gave the key the same cells before
   * (the period is in both halves), or the line of that row when its cells differ.
   */
  add(key: string, line: number, cells: string[]): "kept" | "again" | number {
    const known = this.rows.get(key);
    if (!known) {
      this.rows.set(key, { line, cells });
      return "kept";
    }
    return known.cells.some((c, i) => c !== cells[i]) ? known.line : "again";
  }
}

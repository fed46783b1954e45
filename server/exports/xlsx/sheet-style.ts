// The look every sheet shares: the theme's font, a header row in the theme's colour, frozen and
// filterable, and column widths.
import type ExcelJS from "exceljs";
import { hexColor, officeFont } from "../export-format";
import type { ExportTheme } from "../export-model";

export interface Column {
  header: string;
  width: number;
}

export interface SheetStyle {
  font: string;
  accentArgb: string;
}

export function sheetStyle(theme: ExportTheme): SheetStyle {
  return { font: officeFont(theme.font), accentArgb: `FF${hexColor(theme.chartColor)}` };
}

/** Writes the header at `row`, freezes everything above and including it, and sets widths and filter. */
export function tableHeader(ws: ExcelJS.Worksheet, columns: Column[], style: SheetStyle, row = 1): void {
  columns.forEach((c, i) => (ws.getColumn(i + 1).width = c.width));
  const header = ws.getRow(row);
  columns.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.value = c.header;
    cell.font = { name: style.font, bold: true, color: { argb: "FFFFFFFF" } };
    cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: style.accentArgb } };
    cell.alignment = { vertical: "middle", wrapText: true };
  });
  header.height = 30;
  ws.views = [{ state: "frozen", ySplit: row, xSplit: 0, topLeftCell: `A${row + 1}`, activeCell: `A${row + 1}` }];
  ws.autoFilter = { from: { row, column: 1 }, to: { row, column: columns.length } };
}

/** A number computed from other cells of its row, with what it comes to (shown before a viewer recalculates). */
export interface FormulaValue {
  formula: string;
  result: number;
}
type CellValue = string | number | Date | FormulaValue | null;

/** Appends a data row: values as they are (numbers stay numbers), each cell with its format. */
export function dataRow(ws: ExcelJS.Worksheet, values: CellValue[], formats: (string | undefined)[], font: string) {
  const row = ws.addRow(values.map((v) => (v === null ? null : v)));
  row.eachCell({ includeEmpty: false }, (cell, col) => {
    cell.font = { name: font };
    const fmt = formats[col - 1];
    const value = cell.value;
    const numeric =
      typeof value === "number" ||
      value instanceof Date ||
      (typeof value === "object" && value !== null && "formula" in value);
    if (fmt && numeric) cell.numFmt = fmt;
  });
  return row;
}

/** A column's letters from its 1-based number (1 → A, 27 → AA). */
export function columnLetters(n: number): string {
  let out = "";
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) out = String.fromCharCode(65 + ((k - 1) % 26)) + out;
  return out;
}

/**
 * How a sheet prints: landscape, one page wide (as many tall as it takes), its header row repeated on every page, the
 * sheet's used cells as its print area, and the report's footer with page numbers. Call it once the rows are written.
 */
export function printSetup(
  ws: ExcelJS.Worksheet,
  opts: { lastColumn: number; lastRow?: number; headerRow?: number; footer: string },
) {
  Object.assign(ws.pageSetup, {
    orientation: "landscape",
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    // exceljs writes "$" before each part: "A$1" gives the absolute $A$1 a print area needs.
    printArea: `A$1:${columnLetters(opts.lastColumn)}$${Math.max(opts.lastRow ?? ws.rowCount, 1)}`,
    margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.55, header: 0.3, footer: 0.3 },
    ...(opts.headerRow ? { printTitlesRow: `${opts.headerRow}:${opts.headerRow}` } : {}),
  });
  // "&" starts a code in header and footer text: a literal one is doubled.
  ws.headerFooter.oddFooter = `&L${opts.footer.replace(/&/g, "&&")}&RPage &P of &N`;
}

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

type CellValue = string | number | Date | null;

/** Appends a data row: values as they are (numbers stay numbers), each cell with its format. */
export function dataRow(ws: ExcelJS.Worksheet, values: CellValue[], formats: (string | undefined)[], font: string) {
  const row = ws.addRow(values.map((v) => (v === null ? null : v)));
  row.eachCell({ includeEmpty: false }, (cell, col) => {
    cell.font = { name: font };
    const fmt = formats[col - 1];
    if (fmt && (typeof cell.value === "number" || cell.value instanceof Date)) cell.numFmt = fmt;
  });
  return row;
}

// The key figures sheet: the report's headline numbers as its page shows them, each with its comparison, change and
// how to read it, as numbers with formats in the project's currency.
import type ExcelJS from "exceljs";
import { metricLabel } from "@/lib/insights/format-values";
import { figureReading } from "@/lib/insights/headline-kpis";
import type { MetricUnit } from "@/lib/insights/metrics";
import { periodLine } from "../export-format";
import type { ExportFigure, ExportModel } from "../export-model";
import { CHANGE_PCT_FORMAT, valueFormat } from "./number-formats";
import { dataRow, tableHeader, type Column, type SheetStyle } from "./sheet-style";

export const FIGURES_SHEET = "Key figures";
export const FIGURES_HEADER_ROW = 3;

const COLUMNS: Column[] = [
  { header: "Figure", width: 26 },
  { header: "This period", width: 16 },
  { header: "Comparison", width: 16 },
  { header: "Change", width: 16 },
  { header: "Change %", width: 11 },
  { header: "Reading", width: 36 },
];

const READING = { good: "Better", bad: "Worse", neutral: "Unchanged" } as const;

/**
 * How a figure's change reads: better or worse when the report's tests back it, else within normal variation or what
 * the season did.
 */
export function figureReadingText(figure: ExportFigure): string {
  const reading = figureReading(figure);
  return reading.note ?? READING[reading.tone];
}

export function addFiguresSheet(wb: ExcelJS.Workbook, model: ExportModel, style: SheetStyle): void {
  const figures = model.figures ?? [];
  if (figures.length === 0) return;
  const ws = wb.addWorksheet(FIGURES_SHEET);
  const currency = model.project.currency;
  ws.getCell("A1").value = periodLine(model);
  ws.getCell("A1").font = { name: style.font, color: { argb: "FF64748B" } };
  tableHeader(ws, COLUMNS, style, FIGURES_HEADER_ROW);
  for (const figure of figures) {
    const format = valueFormat(figure.unit as MetricUnit, currency);
    dataRow(
      ws,
      [
        metricLabel(figure.metric),
        figure.current,
        figure.baseline,
        figure.change,
        figure.changePct,
        figureReadingText(figure),
      ],
      [undefined, format, format, valueFormat(figure.unit as MetricUnit, currency, true), CHANGE_PCT_FORMAT],
      style.font,
    );
  }
}

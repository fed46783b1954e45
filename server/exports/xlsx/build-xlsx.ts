// The Excel export: the model in, the .xlsx bytes out. Summary first, the report's key figures, then one sheet per
// insight group with every finding, the native charts, and the data behind them. Every sheet prints landscape, one
// page wide, its header repeated.
import ExcelJS from "exceljs";
import { INSIGHT_GROUPS } from "@/lib/insights/format-values";
import type { ExportModel } from "../export-model";
import { addChartDataSheets } from "./chart-data-sheets";
import { CHART_COLUMNS, CHARTS_SHEET, chartsLastRow, fillChartsSheet } from "./charts-sheet";
import { addEvidenceSheet } from "./evidence-sheet";
import { addFiguresSheet, FIGURES_HEADER_ROW, FIGURES_SHEET } from "./figures-sheet";
import { addNativeCharts } from "./native-charts";
import { printSetup, sheetStyle } from "./sheet-style";
import { addSummarySheet, SUMMARY_HEADER_ROW, SUMMARY_SHEET } from "./summary-sheet";

const HEADER_ROWS: Record<string, number | undefined> = {
  [SUMMARY_SHEET]: SUMMARY_HEADER_ROW,
  [FIGURES_SHEET]: FIGURES_HEADER_ROW,
  [CHARTS_SHEET]: undefined,
};

export async function buildXlsx(model: ExportModel): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  // The agency's name, never ours: the file's properties reach the client too.
  wb.creator = model.agency.name;
  wb.lastModifiedBy = model.agency.name;
  wb.company = model.client.name;
  wb.title = `${model.theme.reportTitle} · ${model.project.name}`;
  wb.created = model.generatedAt;
  wb.modified = model.generatedAt;
  const style = sheetStyle(model.theme);
  addSummarySheet(wb, model, style);
  addFiguresSheet(wb, model, style);
  for (const group of INSIGHT_GROUPS) {
    const insights = model.insights.filter((i) => i.group === group.key);
    if (insights.length) addEvidenceSheet(wb, group.label, insights, model, style);
  }
  // The charts read the data sheets' cells: their sheet comes first, filled once the data sheets are written.
  const chartsSheet = wb.addWorksheet(CHARTS_SHEET);
  const blocks = addChartDataSheets(wb, model, style);
  const charts = fillChartsSheet(chartsSheet, model, style, blocks);
  if (charts.length === 0) wb.removeWorksheet(chartsSheet.id);
  const footer = model.theme.footerText.trim() || `${model.theme.reportTitle} · ${model.client.name}`;
  for (const ws of wb.worksheets)
    printSetup(ws, {
      ...(ws.name === CHARTS_SHEET
        ? { lastColumn: CHART_COLUMNS, lastRow: chartsLastRow(charts) }
        : { lastColumn: Math.max(ws.columnCount, 1) }),
      headerRow: ws.name in HEADER_ROWS ? HEADER_ROWS[ws.name] : 1,
      footer,
    });
  // Stored, not compressed: the chart step opens the package again and compresses it once.
  const raw = Buffer.from(
    await wb.xlsx.writeBuffer(charts.length ? ({ zip: { compression: "STORE" } } as ExcelJS.XlsxWriteOptions) : {}),
  );
  return addNativeCharts(raw, CHARTS_SHEET, charts, {
    font: style.font,
    text: "1E293B",
    muted: "64748B",
    grid: "E2E8F0",
  });
}

// The Excel export: the model in, the .xlsx bytes out. Summary first, the report's key figures, then one sheet per
// insight group with every finding, then the data behind the charts.
import ExcelJS from "exceljs";
import { APP_NAME } from "@/lib/constants/app";
import { INSIGHT_GROUPS } from "@/lib/insights/format-values";
import type { ExportModel } from "../export-model";
import { addChartDataSheets } from "./chart-data-sheets";
import { addEvidenceSheet } from "./evidence-sheet";
import { addFiguresSheet } from "./figures-sheet";
import { sheetStyle } from "./sheet-style";
import { addSummarySheet } from "./summary-sheet";

export async function buildXlsx(model: ExportModel): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = APP_NAME;
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
  addChartDataSheets(wb, model, style);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

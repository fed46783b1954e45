// The summary sheet: who and when at the top (with the logo), then one row per insight with its group, stage, effect
// and headline numbers, in the report's rank order (the order its page lists them: Most Impactful, the Data Quality
// Audit, then the rest).
import { auditIssueLabel } from "@/lib/insights/narrate/analyst";
import type ExcelJS from "exceljs";
import { findingConfidence, INSIGHT_GROUPS, metricLabel, stageLabel } from "@/lib/insights/format-values";
import { alsoCheckedLine } from "@/lib/insights/report-document";
import { byRank, findingDays, finite, headlineFinding, kpiEffectOf, periodLine, unitOf } from "../export-format";
import type { ExportModel } from "../export-model";
import { kindLabel, segmentText } from "../pptx/evidence-rows";
import {
  CHANGE_PCT_FORMAT,
  CONFIDENCE_FORMAT,
  DATE_FORMAT,
  excelDate,
  kpiEffectFormat,
  findingValueFormat,
} from "./number-formats";
import { dataRow, tableHeader, type Column, type SheetStyle } from "./sheet-style";

export const SUMMARY_SHEET = "Summary";
export const SUMMARY_HEADER_ROW = 5;

const COLUMNS: Column[] = [
  { header: "Rank", width: 7 },
  { header: "Insight", width: 48 },
  { header: "Group", width: 22 },
  { header: "Stage", width: 18 },
  { header: "Effect on KPI", width: 14 },
  { header: "KPI", width: 16 },
  { header: "Finding", width: 13 },
  { header: "Metric", width: 20 },
  { header: "Segment", width: 26 },
  { header: "Period start", width: 12 },
  { header: "Period end", width: 12 },
  { header: "Current", width: 14 },
  { header: "Baseline", width: 14 },
  { header: "Change", width: 14 },
  { header: "Change %", width: 10 },
  { header: "Confidence", width: 11 },
];

export function addSummarySheet(wb: ExcelJS.Workbook, model: ExportModel, style: SheetStyle): void {
  const ws = wb.addWorksheet(SUMMARY_SHEET, { properties: { tabColor: { argb: style.accentArgb } } });
  const currency = model.project.currency;
  ws.getCell("A1").value = model.theme.reportTitle;
  ws.getCell("A1").font = { name: style.font, size: 16, bold: true };
  ws.getCell("A2").value = `${model.client.name} · ${model.project.name}`;
  ws.getCell("A2").font = { name: style.font, size: 12 };
  ws.getCell("A3").value = periodLine(model);
  ws.getCell("A3").font = { name: style.font, color: { argb: "FF64748B" } };
  tableHeader(ws, COLUMNS, style, SUMMARY_HEADER_ROW);

  for (const insight of byRank(model.insights)) {
    const f = headlineFinding(insight);
    const unit = f ? unitOf(f, insight.chart && "unit" in insight.chart ? insight.chart.unit : undefined) : "count";
    const value = findingValueFormat(f ?? {}, unit, currency);
    const audit = f?.kind === "audit";
    const effect = kpiEffectOf(insight);
    dataRow(
      ws,
      [
        insight.rank,
        insight.title,
        INSIGHT_GROUPS.find((g) => g.key === insight.group)?.label ?? insight.group,
        stageLabel(insight.funnelStage),
        effect?.effect ?? null,
        effect ? metricLabel(effect.metric) : null,
        f ? kindLabel(f.kind) : null,
        f ? (audit ? auditIssueLabel(f.check, f.issue) : metricLabel(f.metric)) : null,
        f && !audit ? segmentText(f) : null,
        excelDate(f ? findingDays(f).start : null),
        excelDate(f ? findingDays(f).end : null),
        audit ? (finite(f?.count) ? f.count : null) : finite(f?.current) ? f.current : null,
        f && finite(f.baseline) ? f.baseline : null,
        f && finite(f.change) ? f.change : null,
        f && finite(f.changePct) ? f.changePct : null,
        f && !audit ? findingConfidence(f) : null,
      ],
      [
        "0",
        undefined,
        undefined,
        undefined,
        effect ? kpiEffectFormat(effect.metric, currency) : undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        DATE_FORMAT,
        DATE_FORMAT,
        audit ? "#,##0" : value,
        value,
        findingValueFormat(f ?? {}, unit, currency, true),
        CHANGE_PCT_FORMAT,
        CONFIDENCE_FORMAT,
      ],
      style.font,
    );
  }

  // What was checked and found nothing, in one line under the table, as the deck's summary and the report page say it.
  const also = alsoCheckedLine(model.alsoChecked ?? []);
  if (also) {
    const row = ws.getRow(ws.rowCount + 2);
    row.getCell(1).value = also;
    row.getCell(1).font = { name: style.font, color: { argb: "FF64748B" } };
  }

  const logo = model.theme.logo;
  if (logo) {
    const id = wb.addImage({
      buffer: logo.data as unknown as ExcelJS.Buffer,
      extension: logo.mimeType === "image/png" ? "png" : "jpeg",
    });
    const height = 48;
    const width = logo.width && logo.height ? Math.min(200, (height * logo.width) / logo.height) : height;
    ws.addImage(id, { tl: { col: 13, row: 0 }, ext: { width, height }, editAs: "oneCell" });
  }
}

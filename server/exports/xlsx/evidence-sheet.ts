// One sheet per insight group: every finding of every insight, one row each, with its numbers in
// their units.
import { auditIssueLabel, auditIssueName } from "@/lib/insights/narrate/analyst";
import type ExcelJS from "exceljs";
import { weekdaysOf } from "@/lib/insights/weekdays";
import { findingConfidence, metricLabel, stageLabel } from "@/lib/insights/format-values";
import { findingDays, finite, unitOf } from "../export-format";
import type { ExportInsight, ExportModel } from "../export-model";
import { kindLabel, segmentText } from "../pptx/evidence-rows";
import {
  CHANGE_PCT_FORMAT,
  CONFIDENCE_FORMAT,
  COUNT_FORMAT,
  DATE_FORMAT,
  excelDate,
  P_VALUE_FORMAT,
  findingValueFormat,
} from "./number-formats";
import { dataRow, tableHeader, type Column, type SheetStyle } from "./sheet-style";

const COLUMNS: Column[] = [
  { header: "Rank", width: 7 },
  { header: "Insight", width: 44 },
  { header: "Stage", width: 18 },
  { header: "Finding", width: 13 },
  { header: "Metric", width: 20 },
  { header: "Segment", width: 26 },
  { header: "Period start", width: 12 },
  { header: "Period end", width: 12 },
  // A step only some weekdays took: its levels are those days' own ("Saturdays and Sundays"); empty for every day.
  { header: "Only on", width: 16 },
  { header: "Current", width: 14 },
  { header: "Baseline", width: 14 },
  { header: "Change", width: 14 },
  { header: "Change %", width: 10 },
  { header: "Expected low", width: 14 },
  { header: "Expected high", width: 14 },
  { header: "Confidence", width: 11 },
  { header: "Direction", width: 10 },
  { header: "p-value", width: 10 },
  { header: "Check", width: 18 },
  { header: "Issue", width: 28 },
  { header: "Severity", width: 10 },
  { header: "Affected rows", width: 13 },
  { header: "Examples", width: 40 },
  { header: "Narrative", width: 60 },
];

const num = (v: number | null | undefined) => (finite(v) ? v : null);

export function addEvidenceSheet(
  wb: ExcelJS.Workbook,
  name: string,
  insights: ExportInsight[],
  model: ExportModel,
  style: SheetStyle,
): void {
  const ws = wb.addWorksheet(name);
  tableHeader(ws, COLUMNS, style);
  const currency = model.project.currency;
  for (const insight of insights) {
    const chartUnit = insight.chart && "unit" in insight.chart ? insight.chart.unit : undefined;
    for (const f of insight.findings) {
      // A chart's unit is its metric's; findings about other metrics use their own.
      const unit = unitOf(
        f,
        chartUnit && insight.chart && "metric" in insight.chart && insight.chart.metric === f.metric
          ? chartUnit
          : undefined,
      );
      const value = findingValueFormat(f, unit, currency);
      dataRow(
        ws,
        [
          insight.rank,
          insight.title,
          stageLabel(insight.funnelStage),
          kindLabel(f.kind),
          metricLabel(f.metric),
          segmentText(f),
          excelDate(findingDays(f).start),
          excelDate(findingDays(f).end),
          weekdaysOf(f),
          num(f.current),
          num(f.baseline),
          num(f.change),
          num(f.changePct),
          num(f.expectedLow),
          num(f.expectedHigh),
          num(findingConfidence(f)),
          f.direction,
          num(f.pValue),
          f.check ? auditIssueLabel(f.check) : null,
          f.issue ? auditIssueName(f.issue) : null,
          f.severity ?? null,
          num(f.count),
          f.examples?.length ? f.examples.join(", ") : null,
          f.narrative ?? null,
        ],
        [
          "0",
          undefined,
          undefined,
          undefined,
          undefined,
          undefined,
          DATE_FORMAT,
          DATE_FORMAT,
          undefined,
          value,
          value,
          findingValueFormat(f, unit, currency, true),
          CHANGE_PCT_FORMAT,
          value,
          value,
          CONFIDENCE_FORMAT,
          undefined,
          P_VALUE_FORMAT,
          undefined,
          undefined,
          undefined,
          COUNT_FORMAT,
        ],
        style.font,
      );
    }
  }
}

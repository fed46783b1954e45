// The numbers behind each chart: the daily series (value, expected value and range) in one long
// table ready for a pivot or a chart, and the segment, funnel-step and audit bars in another.
import { auditIssueName } from "@/lib/insights/analyst-narrative";
import type ExcelJS from "exceljs";
import { metricLabel } from "@/lib/insights/format-values";
import type { MetricUnit } from "@/lib/insights/metrics";
import { finite } from "../export-format";
import type { ExportModel } from "../export-model";
import { COUNT_FORMAT, DATE_FORMAT, excelDate, valueFormat } from "./number-formats";
import { dataRow, tableHeader, type SheetStyle } from "./sheet-style";

export const DAILY_SHEET = "Daily series";
export const BARS_SHEET = "Segments and steps";

const num = (v: number | null | undefined) => (finite(v) ? v : null);

export function addChartDataSheets(wb: ExcelJS.Workbook, model: ExportModel, style: SheetStyle): void {
  const currency = model.project.currency;
  const series = model.insights.filter((i) => i.chart?.type === "series");
  if (series.length) {
    const ws = wb.addWorksheet(DAILY_SHEET);
    tableHeader(
      ws,
      [
        { header: "Rank", width: 7 },
        { header: "Insight", width: 44 },
        { header: "Metric", width: 20 },
        { header: "Date", width: 12 },
        { header: "Value", width: 14 },
        { header: "Expected", width: 14 },
        { header: "Expected low", width: 14 },
        { header: "Expected high", width: 14 },
      ],
      style,
    );
    for (const insight of series) {
      if (insight.chart?.type !== "series") continue;
      const fmt = valueFormat(insight.chart.unit as MetricUnit, currency);
      const formats = ["0", undefined, undefined, DATE_FORMAT, fmt, fmt, fmt, fmt];
      const label = metricLabel(insight.chart.metric);
      for (const p of insight.chart.points)
        dataRow(
          ws,
          [
            insight.rank,
            insight.title,
            label,
            excelDate(p.date),
            num(p.value),
            num(p.expected),
            num(p.low),
            num(p.high),
          ],
          formats,
          style.font,
        );
    }
  }

  const bars = model.insights.filter((i) => i.chart && i.chart.type !== "series");
  if (!bars.length) return;
  const ws = wb.addWorksheet(BARS_SHEET);
  tableHeader(
    ws,
    [
      { header: "Rank", width: 7 },
      { header: "Insight", width: 44 },
      { header: "Chart", width: 16 },
      { header: "Metric", width: 20 },
      { header: "Segment, step or issue", width: 28 },
      { header: "Current", width: 14 },
      { header: "Baseline", width: 14 },
      { header: "Contribution or affected rows", width: 16 },
    ],
    style,
  );
  for (const insight of bars) {
    const chart = insight.chart;
    const row = (kind: string, metric: string, label: string, values: (number | null)[], unit: MetricUnit) => {
      const fmt = valueFormat(unit, currency);
      dataRow(
        ws,
        [insight.rank, insight.title, kind, metric, label, ...values],
        [
          "0",
          undefined,
          undefined,
          undefined,
          undefined,
          fmt,
          fmt,
          kind === "Audit" ? COUNT_FORMAT : valueFormat(unit, currency, true),
        ],
        style.font,
      );
    };
    if (chart?.type === "contributions") {
      for (const s of chart.segments)
        row(
          "Contributions",
          metricLabel(chart.metric),
          s.value,
          [num(s.current), num(s.baseline), num(s.contribution)],
          chart.unit as MetricUnit,
        );
      if (finite(chart.otherContribution) && chart.otherContribution !== 0)
        row(
          "Contributions",
          metricLabel(chart.metric),
          "Other",
          [null, null, chart.otherContribution],
          chart.unit as MetricUnit,
        );
    } else if (chart?.type === "funnel") {
      for (const s of chart.steps)
        row("Funnel", metricLabel(s.metric), metricLabel(s.metric), [num(s.current), num(s.baseline), null], "count");
    } else if (chart?.type === "audit") {
      for (const item of chart.items)
        row("Audit", "", auditIssueName(item.issue), [null, null, num(item.count)], "count");
    }
  }
}

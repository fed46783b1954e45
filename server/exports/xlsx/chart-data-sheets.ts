// The numbers behind each chart: the daily series (value, expected value and range) in one long table ready for a
// pivot or a chart, and the segment, funnel-step and audit bars in another. Each insight's rows are one block; the
// blocks are returned so the Charts sheet's native charts read their numbers from these cells.
import { auditIssueName } from "@/lib/insights/narrate/analyst";
import type ExcelJS from "exceljs";
import { metricLabel } from "@/lib/insights/format-values";
import type { MetricUnit } from "@/lib/insights/metrics";
import { contributionBars, funnelRates } from "../charts/chart-plan";
import { finite } from "../export-format";
import type { ExportModel } from "../export-model";
import { COUNT_FORMAT, DATE_FORMAT, excelDate, valueFormat } from "./number-formats";
import { dataRow, tableHeader, type SheetStyle } from "./sheet-style";

export const DAILY_SHEET = "Daily series";
export const BARS_SHEET = "Segments and steps";

/** Where one insight's chart numbers are: its rows (inclusive) on its data sheet. */
export interface DataBlock {
  sheet: typeof DAILY_SHEET | typeof BARS_SHEET;
  first: number;
  last: number;
}

/** The columns the charts read (chart-refs.ts): the daily sheet's and the bars sheet's. */
export const DAILY_COLUMNS = { date: "D", value: "E", expected: "F", low: "G", high: "H", width: "I" } as const;
export const BARS_COLUMNS = { label: "E", amount: "H", rate: "I", comparisonRate: "J" } as const;

const num = (v: number | null | undefined) => (finite(v) ? v : null);
const RATE_FORMAT = "0.0%";

export function addChartDataSheets(
  wb: ExcelJS.Workbook,
  model: ExportModel,
  style: SheetStyle,
): Map<string, DataBlock> {
  const blocks = new Map<string, DataBlock>();
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
        // The band's height, which the chart stacks on its lower edge (a formula: it follows edits of either edge).
        { header: "Expected range width", width: 14 },
      ],
      style,
    );
    for (const insight of series) {
      if (insight.chart?.type !== "series") continue;
      const fmt = valueFormat(insight.chart.unit as MetricUnit, currency);
      const formats = ["0", undefined, undefined, DATE_FORMAT, fmt, fmt, fmt, fmt, fmt];
      const label = metricLabel(insight.chart.metric);
      const first = ws.rowCount + 1;
      for (const p of insight.chart.points) {
        const row = ws.rowCount + 1;
        const low = num(p.low);
        const high = num(p.high);
        const width =
          low !== null && high !== null
            ? {
                formula: `MAX(0,${DAILY_COLUMNS.high}${row}-${DAILY_COLUMNS.low}${row})`,
                result: Math.max(0, high - low),
              }
            : null;
        dataRow(
          ws,
          [insight.rank, insight.title, label, excelDate(p.date), num(p.value), num(p.expected), low, high, width],
          formats,
          style.font,
        );
      }
      blocks.set(insight.id, { sheet: DAILY_SHEET, first, last: ws.rowCount });
    }
  }

  const bars = model.insights.filter((i) => i.chart && i.chart.type !== "series");
  if (!bars.length) return blocks;
  const ws = wb.addWorksheet(BARS_SHEET);
  tableHeader(
    ws,
    [
      { header: "Rank", width: 7 },
      { header: "Insight", width: 44 },
      { header: "Chart", width: 16 },
      { header: "Metric", width: 20 },
      { header: "Segment, step or issue", width: 30 },
      { header: "Current", width: 14 },
      { header: "Baseline", width: 14 },
      { header: "Contribution or affected rows", width: 16 },
      { header: "Share of the step before", width: 14 },
      { header: "Share of the step before (comparison)", width: 16 },
    ],
    style,
  );
  for (const insight of bars) {
    const chart = insight.chart;
    const first = ws.rowCount + 1;
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
          RATE_FORMAT,
          RATE_FORMAT,
        ],
        style.font,
      );
    };
    if (chart?.type === "contributions") {
      for (const b of contributionBars(chart))
        row(
          "Contributions",
          metricLabel(chart.metric),
          b.label,
          [b.current, b.baseline, b.value],
          chart.unit as MetricUnit,
        );
    } else if (chart?.type === "funnel") {
      // The first step has no step before it; each later one is named with it, as the chart's bars are.
      const rates = funnelRates(chart);
      chart.steps.forEach((s, k) => {
        const rate = k > 0 ? rates[k - 1] : null;
        row(
          "Funnel",
          metricLabel(s.metric),
          rate?.label ?? metricLabel(s.metric),
          [num(s.current), num(s.baseline), null, rate?.rate ?? null, rate?.comparisonRate ?? null],
          "count",
        );
      });
    } else if (chart?.type === "audit") {
      for (const item of chart.items)
        row("Audit", "", auditIssueName(item.issue), [null, null, num(item.count)], "count");
    }
    if (ws.rowCount >= first) blocks.set(insight.id, { sheet: BARS_SHEET, first, last: ws.rowCount });
  }
  return blocks;
}

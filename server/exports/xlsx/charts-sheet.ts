// The Charts sheet: every chart the deck draws, as a native Excel chart over the data sheets' cells, one block per
// insight (its finding as the heading, the chart beneath), one block to a printed page. exceljs writes the sheet and
// its headings; the charts themselves are added to the package afterwards (native-charts.ts).
import type ExcelJS from "exceljs";
import { chartPlan, valueAxisFormat, type ChartPlan } from "../charts/chart-plan";
import { storyOf } from "../export-format";
import type { ExportModel } from "../export-model";
import { BARS_COLUMNS, DAILY_COLUMNS, type DataBlock } from "./chart-data-sheets";
import type { ChartRefs } from "../charts/chart-xml";
import type { SheetStyle } from "./sheet-style";

export const CHARTS_SHEET = "Charts";
/** A block: its heading row, then the chart over this many rows and columns. */
const CHART_ROWS = 20;
export const CHART_COLUMNS = 12;
/** The Charts sheet's last row: the bottom of its last chart. */
export const chartsLastRow = (charts: PlacedChart[]) => Math.max(0, ...charts.map((c) => c.anchor.toRow));
const BLOCK_ROWS = CHART_ROWS + 2;

/** A chart to add to the sheet: its plan, where its numbers are, and the cells it covers (0-based, end exclusive). */
export interface PlacedChart {
  plan: ChartPlan;
  refs: ChartRefs;
  valueFormat: string;
  /** Whether its categories are the daily sheet's date cells. */
  dates: boolean;
  anchor: { fromRow: number; toRow: number; fromCol: number; toCol: number };
  altText: string;
}

const range = (sheet: string, col: string, first: number, last: number) =>
  `'${sheet.replace(/'/g, "''")}'!$${col}$${first}:$${col}$${last}`;

/** The cells behind a plan's series, on the block of rows its insight wrote. */
export function chartRefs(plan: ChartPlan, block: DataBlock): ChartRefs | null {
  const at = (col: string, first = block.first) => range(block.sheet, col, first, block.last);
  if (block.sheet === "Daily series") {
    const byRole = { value: DAILY_COLUMNS.value, expected: DAILY_COLUMNS.expected, level: DAILY_COLUMNS.expected };
    const series = plan.series.map((s) => (s.role in byRole ? at(byRole[s.role as keyof typeof byRole]) : null));
    if (series.some((s) => s === null)) return null;
    return {
      categories: at(DAILY_COLUMNS.date),
      series: series as string[],
      band: plan.band ? { low: at(DAILY_COLUMNS.low), width: at(DAILY_COLUMNS.width) } : undefined,
    };
  }
  // A funnel's first step is a row of counts without a rate: its bars start at the second step.
  const first = plan.series[0]?.role === "rate" ? block.first + 1 : block.first;
  if (block.last - first + 1 !== plan.labels.length) return null;
  const byRole = {
    contribution: BARS_COLUMNS.amount,
    rows: BARS_COLUMNS.amount,
    rate: BARS_COLUMNS.rate,
    comparisonRate: BARS_COLUMNS.comparisonRate,
  };
  const series = plan.series.map((s) => (s.role in byRole ? at(byRole[s.role as keyof typeof byRole], first) : null));
  if (series.some((s) => s === null)) return null;
  return { categories: at(BARS_COLUMNS.label, first), series: series as string[] };
}

export function fillChartsSheet(
  ws: ExcelJS.Worksheet,
  model: ExportModel,
  style: SheetStyle,
  blocks: Map<string, DataBlock>,
): PlacedChart[] {
  const placed: PlacedChart[] = [];
  const planned = model.insights.flatMap((insight) => {
    const plan = chartPlan(insight, model.theme);
    const block = blocks.get(insight.id);
    const refs = plan && block ? chartRefs(plan, block) : null;
    return plan && block && refs ? [{ insight, plan, refs, block }] : [];
  });
  if (planned.length === 0) return placed;
  ws.getColumn(1).width = 12;
  planned.forEach(({ insight, plan, refs, block }, k) => {
    const heading = k * BLOCK_ROWS + 1;
    const cell = ws.getCell(`A${heading}`);
    const headline = storyOf(insight)?.headline ?? insight.title;
    cell.value = `${insight.rank}. ${headline}`;
    cell.font = { name: style.font, bold: true, size: 12 };
    ws.getCell(`A${heading + 1}`).value = insight.title;
    ws.getCell(`A${heading + 1}`).font = { name: style.font, color: { argb: "FF64748B" } };
    // One block to a page: the break goes under the block's last row.
    if (k < planned.length - 1) ws.getRow(heading + BLOCK_ROWS - 1).addPageBreak();
    placed.push({
      plan,
      refs,
      valueFormat: valueAxisFormat(plan, model.project.currency),
      dates: block.sheet === "Daily series" && Boolean(plan.days),
      anchor: { fromRow: heading + 1, toRow: heading + 1 + CHART_ROWS, fromCol: 0, toCol: CHART_COLUMNS },
      altText: `${plan.title}: ${headline}`,
    });
  });
  return placed;
}

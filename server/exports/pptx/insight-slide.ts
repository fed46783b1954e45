// One slide per insight: its title and question, a native chart (editable in PowerPoint: the
// numbers live in the chart's own workbook), the narrative with the headline numbers, and the
// compact evidence table.
import type PptxGenJS from "pptxgenjs";
import { analystNarrative } from "@/lib/insights/analyst-narrative";
import { INSIGHT_GROUPS, formatKpiEffect, ownRatesClause, stageLabel } from "@/lib/insights/format-values";
import { currencySymbol, headlineFinding, kpiEffectOf } from "../export-format";
import type { ExportInsight, ExportModel } from "../export-model";
import { chartPlan, type ChartPlan } from "./chart-plan";
import { CONTENT_W, MARGIN, MASTER, type DeckStyle } from "./deck-style";
import { evidenceTable, headlineLines } from "./evidence-rows";

const TOP = 1.35;
const CHART = { w: 8.2, h: 3.55 };
const TABLE_Y = 5.05;

function axisFormat(plan: ChartPlan, currency: string): string {
  switch (plan.unit) {
    case "currency":
      return `"${currencySymbol(currency).replace(/"/g, "")}"#,##0`;
    case "percent":
      return "0.0%";
    case "rank":
    case "ratio":
      return "#,##0.0";
    default:
      return "#,##0";
  }
}

function addChart(pptx: PptxGenJS, slide: PptxGenJS.Slide, plan: ChartPlan, style: DeckStyle, currency: string) {
  const data = plan.series.map((s) => ({
    name: s.name,
    labels: plan.labels,
    // pptxgenjs writes null as an empty point; the repair step drops those so the line shows a gap.
    values: s.values as number[],
  }));
  const common: PptxGenJS.IChartOpts = {
    x: MARGIN,
    y: TOP,
    w: CHART.w,
    h: CHART.h,
    chartColors: plan.series.map((s) => s.color),
    showTitle: true,
    title: plan.title,
    titleFontFace: style.font,
    titleFontSize: 12,
    titleColor: style.text,
    showLegend: plan.series.length > 1,
    legendPos: "b",
    legendFontFace: style.font,
    legendFontSize: 9,
    catAxisLabelFontFace: style.font,
    catAxisLabelFontSize: 8,
    catAxisLabelColor: style.muted,
    valAxisLabelFontFace: style.font,
    valAxisLabelFontSize: 8,
    valAxisLabelColor: style.muted,
    valAxisLabelFormatCode: axisFormat(plan, currency),
    valGridLine: { color: style.rule, size: 0.5 },
    catGridLine: { style: "none" },
    displayBlanksAs: "gap",
  };
  if (plan.type === "line") {
    slide.addChart(pptx.ChartType.line, data, { ...common, lineSize: 1.5, lineDataSymbol: "none" });
  } else {
    slide.addChart(pptx.ChartType.bar, data, { ...common, barDir: "col", barGapWidthPct: 60 });
  }
}

export function addInsightSlide(pptx: PptxGenJS, model: ExportModel, insight: ExportInsight, style: DeckStyle) {
  const slide = pptx.addSlide({ masterName: MASTER });
  const currency = model.project.currency;
  const text = { fontFace: style.font, margin: 0, color: style.text };
  slide.addText(insight.title, {
    ...text,
    x: MARGIN,
    y: 0.3,
    w: CONTENT_W - 2.1,
    h: 0.6,
    fontSize: 22,
    bold: true,
    fit: "shrink",
  });
  const group = INSIGHT_GROUPS.find((g) => g.key === insight.group)?.label ?? insight.group;
  slide.addText([group, stageLabel(insight.funnelStage), insight.question].filter(Boolean).join(" · "), {
    ...text,
    x: MARGIN,
    y: 0.9,
    w: CONTENT_W - 2.1,
    h: 0.35,
    fontSize: 11,
    color: style.muted,
  });

  const plan = chartPlan(insight, model.theme);
  if (plan) addChart(pptx, slide, plan, style, currency);
  const narrativeX = plan ? MARGIN + CHART.w + 0.3 : MARGIN;
  const narrativeW = plan ? CONTENT_W - CHART.w - 0.3 : CONTENT_W;
  const effect = kpiEffectOf(insight);
  const effectText = effect ? formatKpiEffect(effect.effect, effect.metric, currency) : "–";
  const lead = headlineFinding(insight);
  const lines = [
    ...headlineLines(lead, currency),
    ...(effectText !== "–" ? [`Effect on KPI: ${effectText}${lead ? ownRatesClause(lead) : ""}`] : []),
  ];
  slide.addText(
    [
      ...storyOf(insight, model),
      ...lines.map((line) => ({ text: line, options: { fontSize: 11, bullet: true, breakLine: true } })),
    ],
    { ...text, x: narrativeX, y: TOP, w: narrativeW, h: CHART.h, valign: "top", fit: "shrink" },
  );

  const table = evidenceTable(insight.findings, currency);
  if (table.rows.length === 0) return;
  const head = table.header.map((h) => ({ text: h, options: { bold: true, fill: { color: style.headerFill } } }));
  slide.addTable([head, ...table.rows.map((r) => r.map((t) => ({ text: t })))], {
    x: MARGIN,
    y: TABLE_Y,
    w: CONTENT_W,
    fontFace: style.font,
    fontSize: 8,
    color: style.text,
    border: { type: "solid", pt: 0.5, color: style.rule },
    margin: [0.03, 0.06, 0.03, 0.06],
    autoPage: false,
  });
  if (table.more > 0)
    slide.addText(`${table.more} more findings in the Excel export`, {
      ...text,
      x: MARGIN,
      y: 6.62,
      w: CONTENT_W,
      h: 0.25,
      fontSize: 8,
      color: style.muted,
    });
}

/**
 * The insight told as its card tells it (lib/insights/analyst-narrative.ts): the headline, why, and the next step,
 * in a few lines the slide holds at a readable size. The engine's full summary, four sentences with every segment
 * that moved, shrank to 8 points beside the chart; it stays in the workbook's narrative column. An insight without
 * findings keeps its one sentence.
 */
function storyOf(insight: ExportInsight, model: ExportModel): PptxGenJS.TextProps[] {
  const story = analystNarrative(
    { findings: insight.findings, chart: insight.chart as { type: string; totalChange?: number } | null },
    { currency: model.project.currency, period: { start: model.period.start, end: model.period.end } },
  );
  if (!story) return [{ text: insight.summary, options: { fontSize: 13, breakLine: true, paraSpaceAfter: 8 } }];
  return [
    { text: story.headline, options: { fontSize: 14, bold: true, breakLine: true, paraSpaceAfter: 6 } },
    ...(story.why ? [{ text: story.why, options: { fontSize: 12, breakLine: true, paraSpaceAfter: 6 } }] : []),
    { text: "Next step: ", options: { fontSize: 12, bold: true } },
    { text: story.next, options: { fontSize: 12, breakLine: true, paraSpaceAfter: 8 } },
  ];
}

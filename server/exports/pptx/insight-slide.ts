// One slide per insight: the finding as its title (the question it answers beneath), a native chart (editable in
// PowerPoint: the numbers live in the chart's own workbook), why and the next step with the headline numbers, and the
// compact evidence table.
import type PptxGenJS from "pptxgenjs";
import { INSIGHT_GROUPS, formatKpiEffect, ownRatesClause, stageLabel } from "@/lib/insights/format-values";
import { headlineFinding, kpiEffectOf, storyOf } from "../export-format";
import type { ExportInsight, ExportModel } from "../export-model";
import { chartPlan, valueAxisFormat, type ChartPlan } from "../charts/chart-plan";
import { CONTENT_W, MARGIN, MASTER, type DeckStyle } from "./deck-style";
import { evidenceTable, headlineLines } from "./evidence-rows";
import { embeddedColumns, type SlideChart } from "./native-charts";

const TOP = 1.5;
const CHART = { w: 8.2, h: 3.45 };
const TABLE_Y = 5.05;

/**
 * Places the chart and its numbers (pptxgenjs writes the embedded workbook); the chart itself is written from the plan
 * after the deck is (native-charts.ts), so the band and the bars' colours are PowerPoint's own.
 */
function addChart(pptx: PptxGenJS, slide: PptxGenJS.Slide, plan: ChartPlan) {
  const data = embeddedColumns(plan).map((c) => ({ name: c.name, labels: c.labels, values: c.values as number[] }));
  slide.addChart(pptx.ChartType.line, data, { x: MARGIN, y: TOP, w: CHART.w, h: CHART.h });
}

/** Adds the insight's slide; returns its chart, to be written once the deck is (native-charts.ts). */
export function addInsightSlide(
  pptx: PptxGenJS,
  model: ExportModel,
  insight: ExportInsight,
  style: DeckStyle,
  slideNumber: number,
): SlideChart | null {
  const slide = pptx.addSlide({ masterName: MASTER });
  const currency = model.project.currency;
  const text = { fontFace: style.font, margin: 0, color: style.text };
  const story = storyOf(insight);
  // The title says the finding ("Paid Search clicks fell 38 % on Nov 3 …"), not the question's name ("Ad clicks").
  slide.addText(story?.headline ?? insight.title, {
    ...text,
    x: MARGIN,
    y: 0.25,
    w: CONTENT_W - 2.1,
    h: 0.85,
    fontSize: 20,
    bold: true,
    valign: "top",
    fit: "shrink",
  });
  const group = INSIGHT_GROUPS.find((g) => g.key === insight.group)?.label ?? insight.group;
  slide.addText([insight.title, group, stageLabel(insight.funnelStage)].filter(Boolean).join(" · "), {
    ...text,
    x: MARGIN,
    y: 1.1,
    w: CONTENT_W - 2.1,
    h: 0.3,
    fontSize: 11,
    color: style.muted,
  });

  const plan = chartPlan(insight, model.theme);
  if (plan) addChart(pptx, slide, plan);
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
      ...storyRuns(story, insight),
      ...lines.map((line) => ({ text: line, options: { fontSize: 11, bullet: true, breakLine: true } })),
    ],
    { ...text, x: narrativeX, y: TOP, w: narrativeW, h: CHART.h, valign: "top", fit: "shrink" },
  );

  const chart = plan ? { slide: slideNumber, plan, valueFormat: valueAxisFormat(plan, currency) } : null;
  const table = evidenceTable(insight.findings, currency);
  if (table.rows.length === 0) return chart;
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
  return chart;
}

/** Why and the next step under the chart's side; the headline is the slide's title. */
function storyRuns(story: ReturnType<typeof storyOf>, insight: ExportInsight): PptxGenJS.TextProps[] {
  if (!story) return [{ text: insight.summary, options: { fontSize: 13, breakLine: true, paraSpaceAfter: 8 } }];
  return [
    ...(story.why ? [{ text: story.why, options: { fontSize: 12, breakLine: true, paraSpaceAfter: 6 } }] : []),
    { text: "Next step: ", options: { fontSize: 12, bold: true } },
    { text: story.next, options: { fontSize: 12, breakLine: true, paraSpaceAfter: 8 } },
  ];
}

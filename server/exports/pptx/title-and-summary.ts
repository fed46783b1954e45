// The opening slides: the title (logo, report title, client, project, period) and the summary of
// the most impactful findings with their headline numbers.
import { auditIssueLabel } from "@/lib/insights/narrate/analyst";
import type PptxGenJS from "pptxgenjs";
import {
  COMPARE_TO_LABELS,
  formatFindingChange,
  formatFindingPct,
  formatFindingValue,
  formatKpiEffect,
  formatMetric,
  formatPct,
  formatPeriod,
  metricLabel,
  stageLabel,
} from "@/lib/insights/format-values";
import { MAX_HEADLINE_KPIS, changeArrow, figureReading } from "@/lib/insights/headline-kpis";
import { ownReportName } from "@/lib/insights/report-period";
import { alsoCheckedLine } from "@/lib/insights/report-document";
import { byImpact, headlineFinding, kpiEffectOf } from "../export-format";
import type { ExportModel } from "../export-model";
import { CONTENT_W, MARGIN, MASTER, TITLE_MASTER, type DeckStyle } from "./deck-style";
import { logoObject } from "./masters";

export const SUMMARY_ROWS = 8;

export function addTitleSlide(pptx: PptxGenJS, model: ExportModel, style: DeckStyle): void {
  const slide = pptx.addSlide({ masterName: TITLE_MASTER });
  const logo = logoObject(model, 1, 0.9, { w: 3.2, h: 1.2 });
  if (logo && "image" in logo) slide.addImage(logo.image);
  const text = { fontFace: style.font, margin: 0, x: 1, w: 11 };
  slide.addText(model.theme.reportTitle, { ...text, y: 2.5, h: 0.9, fontSize: 36, bold: true, color: style.text });
  slide.addText(`${model.client.name} · ${model.project.name}`, {
    ...text,
    y: 3.5,
    h: 0.55,
    fontSize: 22,
    color: style.accent,
  });
  const compared = model.period.compareTo ? ` · compared with: ${COMPARE_TO_LABELS[model.period.compareTo]}` : "";
  slide.addText(`${formatPeriod(model.period.start, model.period.end)}${compared}`, {
    ...text,
    y: 4.15,
    h: 0.45,
    fontSize: 16,
    color: style.muted,
  });
  // A report's default name repeats the project and the period just above it.
  const name =
    model.source.kind === "report"
      ? ownReportName(
          { name: model.source.name, periodStart: model.period.start, periodEnd: model.period.end },
          model.project.name,
        )
      : model.source.name;
  const what = name ? `${name} · ` : "";
  const notable = model.insights.filter((i) => i.findings.length > 0).length;
  slide.addText(`${what}${notable} ${notable === 1 ? "insight" : "insights"} with findings`, {
    ...text,
    y: 4.65,
    h: 0.4,
    fontSize: 12,
    color: style.muted,
  });
  addKeyFigures(slide, model, style);
}

/**
 * The report's key figures along the foot of the cover, as the report page's strip shows them: the total, its change
 * (coloured when the report's tests back it, with an arrow so colour is not the only cue) and the comparison.
 */
function addKeyFigures(slide: PptxGenJS.Slide, model: ExportModel, style: DeckStyle): void {
  const figures = (model.figures ?? []).slice(0, MAX_HEADLINE_KPIS);
  if (figures.length === 0) return;
  const currency = model.project.currency;
  const x0 = 1;
  const gap = 0.15;
  const w = (11 - gap * (MAX_HEADLINE_KPIS - 1)) / MAX_HEADLINE_KPIS;
  const y = 5.25;
  const tones = { good: "15803D", bad: "B91C1C", neutral: style.muted };
  figures.forEach((figure, i) => {
    const x = x0 + i * (w + gap);
    const value = (v: number | null) => formatMetric(figure.metric, v, currency, { unit: figure.unit });
    const reading = figureReading(figure);
    slide.addShape("roundRect", {
      x,
      y,
      w,
      h: 1.5,
      rectRadius: 0.08,
      fill: { color: "FFFFFF" },
      line: { color: style.rule, width: 0.75 },
    });
    const at = { x: x + 0.12, w: w - 0.24, fontFace: style.font, margin: 0, valign: "top" as const };
    slide.addText(metricLabel(figure.metric), { ...at, y: y + 0.1, h: 0.3, fontSize: 11, color: style.muted });
    slide.addText(value(figure.current), { ...at, y: y + 0.4, h: 0.4, fontSize: 18, bold: true, color: style.text });
    const runs: PptxGenJS.TextProps[] = [
      {
        text: `${changeArrow(reading.direction)}${formatPct(figure.changePct)}`,
        options: { bold: true, color: tones[reading.tone] },
      },
      { text: ` vs ${value(figure.baseline)}`, options: { color: style.muted, breakLine: reading.note !== null } },
    ];
    if (reading.note) runs.push({ text: reading.note, options: { color: style.muted } });
    slide.addText(runs, { ...at, y: y + 0.85, h: 0.6, fontSize: 10 });
  });
}

export function addSummarySlide(pptx: PptxGenJS, model: ExportModel, style: DeckStyle): void {
  const slide = pptx.addSlide({ masterName: MASTER });
  slide.addText("Most impactful findings", {
    x: MARGIN,
    y: 0.3,
    w: CONTENT_W - 2,
    h: 0.6,
    fontFace: style.font,
    fontSize: 24,
    bold: true,
    color: style.text,
    margin: 0,
  });
  const currency = model.project.currency;
  const head = ["Insight", "Stage", "Headline", "Change", "Change %", "Effect on KPI"].map((h) => ({
    text: h,
    options: { bold: true, fill: { color: style.headerFill } },
  }));
  // Insights that found something: a question with no finding has no headline to list.
  const rows = byImpact(model.insights.filter((i) => i.findings.length > 0))
    .slice(0, SUMMARY_ROWS)
    .map((insight) => {
      const f = headlineFinding(insight);
      const effect = kpiEffectOf(insight);
      const headline = f
        ? f.kind === "audit"
          ? auditIssueLabel(f.check, f.issue)
          : `${metricLabel(f.metric)}: ${formatFindingValue(f, f.current, currency)}`
        : "";
      return [
        insight.title,
        stageLabel(insight.funnelStage),
        headline,
        f ? formatFindingChange(f, f.change, currency) : "–",
        f ? formatFindingPct(f) : "–",
        effect ? formatKpiEffect(effect.effect, effect.metric, currency) : "–",
      ].map((t) => ({ text: t }));
    });
  slide.addTable([head, ...rows], {
    x: MARGIN,
    y: 1.15,
    w: CONTENT_W,
    colW: [4.1, 1.5, 2.9, 1.3, 1.0, 1.633],
    fontFace: style.font,
    fontSize: 11,
    color: style.text,
    border: { type: "solid", pt: 0.5, color: style.rule },
    margin: [0.05, 0.08, 0.05, 0.08],
    valign: "middle",
    autoPage: false,
  });
  // What was checked and found nothing: one line, not a slide each.
  const also = alsoCheckedLine(model.alsoChecked ?? []);
  if (also)
    slide.addText(also, {
      x: MARGIN,
      y: 5.9,
      w: CONTENT_W,
      h: 0.8,
      fontFace: style.font,
      fontSize: 11,
      color: style.muted,
      margin: 0,
      valign: "top",
      fit: "shrink",
    });
}

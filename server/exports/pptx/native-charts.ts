// The deck's charts. pptxgenjs places each chart on its slide and writes the workbook that holds its numbers (sheet
// "Sheet1": the categories in column A, one column per series from B, names in row 1); its own chart XML cannot draw
// a shaded band, so that part is replaced by the chart chart-xml.ts writes from the same plan, over the same cells.
import type JSZip from "jszip";
import type { ChartPlan } from "../charts/chart-plan";
import { bandWidths, chartXml, type ChartXmlOptions } from "../charts/chart-xml";

/** A chart placed on a slide (1-based, in deck order). */
export interface SlideChart {
  slide: number;
  plan: ChartPlan;
  valueFormat: string;
}

export interface DeckChartStyle {
  font: string;
  text: string;
  muted: string;
  rule: string;
}

const column = (n: number) => String.fromCharCode(65 + n); // B.. for n ≥ 1 (a chart has a handful of series)

/** The columns of a chart's embedded workbook, in the order chartXml's references read them. */
export function embeddedColumns(plan: ChartPlan): { name: string; labels: string[]; values: (number | null)[] }[] {
  const band = plan.band
    ? [
        { name: `${plan.band.name} (lower edge)`, values: plan.band.low },
        { name: plan.band.name, values: bandWidths(plan) },
      ]
    : [];
  return [...band, ...plan.series].map((s) => ({ name: s.name, labels: plan.labels, values: s.values }));
}

function optionsFor(chart: SlideChart, style: DeckChartStyle, externalDataId: string): ChartXmlOptions {
  const rows = chart.plan.labels.length + 1;
  const refs = embeddedColumns(chart.plan).map((_, k) => ({
    values: `Sheet1!$${column(k + 1)}$2:$${column(k + 1)}$${rows}`,
    name: `Sheet1!$${column(k + 1)}$1`,
  }));
  const bandCount = chart.plan.band ? 2 : 0;
  return {
    refs: {
      categories: `Sheet1!$A$2:$A$${rows}`,
      series: refs.slice(bandCount).map((r) => r.values),
      seriesNames: refs.slice(bandCount).map((r) => r.name),
      band: chart.plan.band
        ? { low: refs[0].values, width: refs[1].values, names: [refs[0].name, refs[1].name] }
        : undefined,
    },
    categoriesAs: "text",
    valueFormat: chart.valueFormat,
    font: style.font,
    colors: { text: style.text, muted: style.muted, grid: style.rule },
    sizes: { title: 12, axis: 8, legend: 9 },
    externalDataId,
  };
}

const relsPathOf = (part: string) => part.replace(/([^/]+)$/, "_rels/$1.rels");

/** The chart part a slide's relationships point at. */
async function chartPartOf(zip: JSZip, slide: number): Promise<string | null> {
  const rels = await zip.file(relsPathOf(`ppt/slides/slide${slide}.xml`))?.async("string");
  for (const rel of rels?.match(/<Relationship\b[^>]*\/>/g) ?? []) {
    const type = /\bType="([^"]+)"/.exec(rel)?.[1] ?? "";
    // pptxgenjs writes the target absolute ("/ppt/charts/chart1.xml"); Office writes it relative.
    const target = /\bTarget="(?:\/ppt|\.\.)\/charts\/([^"]+)"/.exec(rel)?.[1];
    if (type.endsWith("/chart") && target) return `ppt/charts/${target}`;
  }
  return null;
}

/** Replaces each placed chart's XML with the plan's own chart, keeping its link to the embedded workbook. */
export async function replaceCharts(zip: JSZip, charts: SlideChart[], style: DeckChartStyle): Promise<void> {
  await Promise.all(
    charts.map(async (chart) => {
      const part = await chartPartOf(zip, chart.slide);
      const file = part ? zip.file(part) : null;
      if (!part || !file) throw new Error(`slide ${chart.slide} has no chart part`);
      const original = await file.async("string");
      const externalDataId = /<c:externalData r:id="([^"]+)"/.exec(original)?.[1] ?? "rId1";
      zip.file(part, chartXml(chart.plan, optionsFor(chart, style, externalDataId)));
    }),
  );
}

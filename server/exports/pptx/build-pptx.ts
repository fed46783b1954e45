// The PowerPoint export: the model in, the .pptx bytes out. pptxgenjs builds the deck; the
// package is then repaired of the parts pptxgenjs 4.0.1 writes that PowerPoint rejects
// (repair-package.ts).
import PptxGenJS from "pptxgenjs";
import type { ExportModel } from "../export-model";
import { deckStyle } from "./deck-style";
import { addInsightSlide } from "./insight-slide";
import { defineMasters } from "./masters";
import type { SlideChart } from "./native-charts";
import { repairPackage } from "./repair-package";
import { addSummarySlide, addTitleSlide } from "./title-and-summary";

export async function buildPptx(model: ExportModel): Promise<Buffer> {
  const pptx = new PptxGenJS();
  const style = deckStyle(model);
  pptx.layout = "LAYOUT_WIDE";
  // The agency's name, never ours: the file's properties reach the client too.
  pptx.author = model.agency.name;
  pptx.company = model.client.name;
  pptx.title = `${model.theme.reportTitle} · ${model.project.name}`;
  pptx.theme = { headFontFace: style.font, bodyFontFace: style.font };
  defineMasters(pptx, model, style);
  addTitleSlide(pptx, model, style);
  addSummarySlide(pptx, model, style);
  const charts: SlideChart[] = [];
  model.insights.forEach((insight, i) => {
    const chart = addInsightSlide(pptx, model, insight, style, 3 + i);
    if (chart) charts.push(chart);
  });
  // Stored, not compressed: the repair step opens the package again and compresses it once.
  const raw = (await pptx.write({ outputType: "nodebuffer", compression: false })) as Buffer;
  return repairPackage(raw, {
    charts,
    style: { font: style.font, text: style.text, muted: style.muted, rule: style.rule },
  });
}

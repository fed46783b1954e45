// The PowerPoint export: the model in, the .pptx bytes out. pptxgenjs builds the deck; the
// package is then repaired of the parts pptxgenjs 4.0.1 writes that PowerPoint rejects
// (repair-package.ts).
import PptxGenJS from "pptxgenjs";
import { APP_NAME } from "@/lib/constants/app";
import type { ExportModel } from "../export-model";
import { deckStyle } from "./deck-style";
import { addInsightSlide } from "./insight-slide";
import { defineMasters } from "./masters";
import { repairPackage } from "./repair-package";
import { addSummarySlide, addTitleSlide } from "./title-and-summary";

export async function buildPptx(model: ExportModel): Promise<Buffer> {
  const pptx = new PptxGenJS();
  const style = deckStyle(model);
  pptx.layout = "LAYOUT_WIDE";
  pptx.author = APP_NAME;
  pptx.company = model.client.name;
  pptx.title = `${model.theme.reportTitle} · ${model.project.name}`;
  pptx.theme = { headFontFace: style.font, bodyFontFace: style.font };
  defineMasters(pptx, model, style);
  addTitleSlide(pptx, model, style);
  addSummarySlide(pptx, model, style);
  for (const insight of model.insights) addInsightSlide(pptx, model, insight, style);
  const raw = (await pptx.write({ outputType: "nodebuffer", compression: true })) as Buffer;
  return repairPackage(raw);
}

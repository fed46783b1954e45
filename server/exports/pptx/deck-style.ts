// The deck's geometry and type scale (16:9, inches), and the theme's colours and font in the
// form pptxgenjs writes (hex without "#", one Office font).
import { hexColor, officeFont } from "../export-format";
import type { ExportModel } from "../export-model";

export const SLIDE_W = 13.333;
export const SLIDE_H = 7.5;
export const MARGIN = 0.45;
export const CONTENT_W = SLIDE_W - 2 * MARGIN;
export const FOOTER_Y = 7.0;
export const LOGO_BOX = { w: 1.8, h: 0.55 };

export const MASTER = "FUNNELWISE_CONTENT";
export const TITLE_MASTER = "FUNNELWISE_TITLE";

export interface DeckStyle {
  font: string;
  accent: string;
  palette: string[];
  text: string;
  muted: string;
  rule: string;
  headerFill: string;
  footer: string;
}

export function deckStyle(model: ExportModel): DeckStyle {
  const accent = hexColor(model.theme.chartColor);
  const footer =
    model.theme.footerText.trim() || [model.theme.reportTitle, model.client.name, model.project.name].join(" · ");
  return {
    font: officeFont(model.theme.font),
    accent,
    palette: model.theme.palette.map((c) => hexColor(c, accent)),
    text: "1E293B",
    muted: "64748B",
    rule: "E2E8F0",
    headerFill: "F1F5F9",
    footer,
  };
}

/** The logo's box, fitted into `box` with its aspect ratio (square when the size is unknown). */
export function fitLogo(size: { width: number | null; height: number | null }, box: { w: number; h: number }) {
  const ratio = size.width && size.height ? size.width / size.height : 1;
  const w = Math.min(box.w, box.h * ratio);
  return { w, h: w / ratio };
}

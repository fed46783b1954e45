// The two slide masters: the footer (and slide number) on every slide, the accent rule and the
// logo on content slides. Only PNG and JPEG logos reach here: an SVG in a master makes PowerPoint
// repair the file.
import type PptxGenJS from "pptxgenjs";
import type { ExportModel } from "../export-model";
import { FOOTER_Y, fitLogo, LOGO_BOX, MARGIN, MASTER, SLIDE_W, TITLE_MASTER, type DeckStyle } from "./deck-style";

type MasterObject = NonNullable<PptxGenJS.SlideMasterProps["objects"]>[number];

export function logoObject(model: ExportModel, x: number, y: number, box = LOGO_BOX): MasterObject | null {
  const logo = model.theme.logo;
  if (!logo) return null;
  const { w, h } = fitLogo(logo, box);
  return {
    image: {
      x: x === -1 ? SLIDE_W - MARGIN - w : x,
      y,
      w,
      h,
      data: `${logo.mimeType};base64,${logo.data.toString("base64")}`,
      altText: `${model.client.name} logo`,
    },
  };
}

function footerObjects(style: DeckStyle): MasterObject[] {
  return [
    {
      line: { x: MARGIN, y: FOOTER_Y - 0.08, w: SLIDE_W - 2 * MARGIN, h: 0, line: { color: style.rule, width: 0.75 } },
    },
    {
      text: {
        text: style.footer,
        options: {
          x: MARGIN,
          y: FOOTER_Y,
          w: SLIDE_W - 2 * MARGIN - 1.2,
          h: 0.3,
          fontFace: style.font,
          fontSize: 9,
          color: style.muted,
          margin: 0,
          valign: "middle",
        },
      },
    },
  ];
}

export function defineMasters(pptx: PptxGenJS, model: ExportModel, style: DeckStyle): void {
  const slideNumber = {
    x: SLIDE_W - MARGIN - 0.8,
    y: FOOTER_Y,
    w: 0.8,
    h: 0.3,
    fontFace: style.font,
    fontSize: 9,
    color: style.muted,
    align: "right" as const,
  };
  const logo = logoObject(model, -1, 0.25);
  pptx.defineSlideMaster({
    title: MASTER,
    background: { color: "FFFFFF" },
    objects: [
      { rect: { x: 0, y: 0, w: SLIDE_W, h: 0.08, fill: { color: style.accent }, line: { type: "none" } } },
      ...(logo ? [logo] : []),
      ...footerObjects(style),
    ],
    slideNumber,
  });
  pptx.defineSlideMaster({
    title: TITLE_MASTER,
    background: { color: "FFFFFF" },
    objects: [
      { rect: { x: 0, y: 0, w: 0.3, h: 7.5, fill: { color: style.accent }, line: { type: "none" } } },
      ...footerObjects(style),
    ],
  });
}

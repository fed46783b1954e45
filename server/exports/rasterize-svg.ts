import "server-only";
import { RENDER_BUDGET, renderSvg, type RenderBudget, type RenderResult } from "./svg-raster/render-svg";

export type { RasterLogo, RenderFailure, RenderResult } from "./svg-raster/render-svg";

// Office files must not carry SVG: PowerPoint "repairs" a deck with an SVG picture in a master or
// layout, and older Office and most mail clients show nothing for one. An uploaded SVG logo (already
// sanitized when it was stored: no scripts, no external references) is rendered to PNG with resvg, a
// maintained Rust renderer shipped as a prebuilt Node addon, once when it is uploaded (the PNG is kept
// beside it), and the PNG is what the PowerPoint, Excel and email builders embed. Each render runs in
// a child process within a time and memory budget (svg-raster/render-svg.ts).

/** Width of the rendered logo: sharp on a 4K screen for a logo a few centimetres wide, small in a file. */
export const LOGO_RASTER_WIDTH = 600;
/** The renderer's work is bounded: a logo taller than this once fitted to the width is refused. */
const MAX_HEIGHT = 4000;

/** The SVG logo as a PNG LOGO_RASTER_WIDTH pixels wide, or why it could not be drawn within the budget. */
export function rasterizeSvg(svg: Buffer | string, budget: RenderBudget = RENDER_BUDGET): Promise<RenderResult> {
  return renderSvg(svg, { width: LOGO_RASTER_WIDTH, maxHeight: MAX_HEIGHT, budget });
}

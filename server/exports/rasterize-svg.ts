import "server-only";
import { createHash } from "node:crypto";
import { Resvg } from "@resvg/resvg-js";
import { log } from "../log";

// Office files must not carry SVG: PowerPoint "repairs" a deck with an SVG picture in a master or
// layout, and older Office and most mail clients show nothing for one. An uploaded SVG logo (already
// sanitized when it was stored: no scripts, no external references) is rendered to PNG here with
// resvg, a maintained Rust renderer shipped as a prebuilt Node addon, and the PNG is what the
// PowerPoint, Excel and email builders embed.

/** Width of the rendered logo: sharp on a 4K screen for a logo a few centimetres wide, small in a file. */
export const LOGO_RASTER_WIDTH = 600;
/** The renderer's work is bounded: a logo wider or taller than this (after fitting) is refused. */
const MAX_HEIGHT = 4000;

export interface RasterLogo {
  data: Buffer;
  mimeType: "image/png";
  width: number;
  height: number;
}

// The same logo is exported again and again (every report of a project, every scheduled run):
// rendered once per content per process. Few projects are exported at once, so a small cache suffices.
const cache = new Map<string, RasterLogo | null>();
const CACHE_ENTRIES = 64;

/** The SVG as a PNG `width` pixels wide (aspect ratio kept), or null when it cannot be rendered. */
export function rasterizeSvg(svg: Buffer | string, width = LOGO_RASTER_WIDTH): RasterLogo | null {
  const key = createHash("sha256").update(svg).update(String(width)).digest("hex");
  if (cache.has(key)) return cache.get(key) ?? null;
  let result: RasterLogo | null = null;
  try {
    const resvg = new Resvg(Buffer.isBuffer(svg) ? svg : Buffer.from(svg), {
      fitTo: { mode: "width", value: width },
      // Logos with text use the machine's fonts; nothing is fetched (the sanitizer removed external refs).
      font: { loadSystemFonts: true },
      background: "rgba(0,0,0,0)",
    });
    if ((resvg.height / Math.max(resvg.width, 1)) * width > MAX_HEIGHT) throw new Error("logo too tall");
    const image = resvg.render();
    result = { data: image.asPng(), mimeType: "image/png", width: image.width, height: image.height };
  } catch (error) {
    log("warn", "svg logo could not be rendered", { error: error instanceof Error ? error.message : String(error) });
  }
  if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, result);
  return result;
}

// What one SVG drawing may spend, and what a drawing answers. Shared by the app side (render-svg.ts) and the
// supervisor process (supervisor.ts), so it imports nothing.

export const RENDER_BUDGET = {
  /** Starting node and loading resvg, before the drawing's own clock starts (slow on a busy machine). */
  startupMs: 10_000,
  /** Drawing one logo: an ordinary one takes tens of milliseconds. */
  renderMs: 2_000,
  /** Resident memory of the drawing process: node and resvg take about 50 MB, a 600 × 4000 px canvas 10 MB more. */
  memoryBytes: 256 * 1024 * 1024,
};
export type RenderBudget = typeof RENDER_BUDGET;

export interface RasterLogo {
  data: Buffer;
  mimeType: "image/png";
  width: number;
  height: number;
}

/** Why a drawing failed: over its time or memory budget, taller than allowed, not drawable, or the renderer died. */
export type RenderFailure = "timeout" | "memory" | "too-tall" | "unreadable" | "crashed";
export type RenderResult = { ok: true; logo: RasterLogo } | { ok: false; reason: RenderFailure };

/** The app asks the supervisor for one drawing. */
export interface RenderRequest {
  id: number;
  svg: Uint8Array;
  width: number;
  maxHeight: number;
  budget: RenderBudget;
}

/** The supervisor's answer to one request (a PNG crosses the channel as a Uint8Array). */
export interface RenderAnswer {
  id: number;
  result: { ok: true; png: Uint8Array; width: number; height: number } | { ok: false; reason: RenderFailure };
}

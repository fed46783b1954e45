import "server-only";
import { log } from "../../log";
import { HelperProcess } from "../off-thread/helper-process";
import {
  RENDER_BUDGET,
  type RenderAnswer,
  type RenderBudget,
  type RenderRequest,
  type RenderResult,
} from "./render-budget";

export {
  RENDER_BUDGET,
  type RasterLogo,
  type RenderBudget,
  type RenderFailure,
  type RenderResult,
} from "./render-budget";

// An uploaded SVG is untrusted work: 325 bytes of filters kept resvg busy for seconds, and resvg is native code that
// no JavaScript can interrupt (a worker thread's terminate() waits for it). So every SVG is drawn in a process of its
// own at the lowest CPU priority, killed (SIGKILL) past RENDER_BUDGET's time or memory. This process only sends the
// SVG over a pipe and waits: a logo can slow no other request. The drawing processes are started by the render
// supervisor (supervisor.ts), a helper process started once per app process, so no request pays for starting a
// process either. ADR 0023.

/** Past its own budget, a supervisor that still has not answered is taken for hung and replaced. */
const SUPERVISOR_SLACK_MS = 15_000;

const supervisor = new HelperProcess<Omit<RenderRequest, "id">, RenderAnswer>({
  name: "svg render supervisor",
  entry: "server/exports/svg-raster/supervisor-entry.mjs",
  nodeFlags: ["--max-old-space-size=64"],
});

/** Starts the render supervisor now rather than on the first SVG (the web process does it when it starts). */
export function startSvgRenderer(): void {
  supervisor.start();
}

/**
 * The SVG drawn `width` pixels wide (aspect ratio kept) as a PNG, within the budget, in a process of its own.
 * A logo whose fitted height would pass `maxHeight` is refused before it is drawn.
 */
export async function renderSvg(
  svg: Buffer | string,
  { width, maxHeight, budget = RENDER_BUDGET }: { width: number; maxHeight: number; budget?: RenderBudget },
): Promise<RenderResult> {
  const bytes = Buffer.isBuffer(svg) ? svg : Buffer.from(svg, "utf8");
  const answer = await supervisor.request(
    { svg: new Uint8Array(bytes), width, maxHeight, budget },
    budget.startupMs + budget.renderMs + SUPERVISOR_SLACK_MS,
  );
  if ("failed" in answer) {
    // Not the logo's fault: the renderer could not start, died or hung.
    log("warn", "svg renderer failed", { reason: answer.failed });
    return { ok: false, reason: "crashed" };
  }
  const { result } = answer;
  if (!result.ok) return result;
  const data = Buffer.from(result.png.buffer, result.png.byteOffset, result.png.byteLength);
  return { ok: true, logo: { data, mimeType: "image/png", width: result.width, height: result.height } };
}

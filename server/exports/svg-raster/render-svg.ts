import "server-only";
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { log } from "../../log";
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
// SVG over a pipe and waits: a logo can slow no other request. The drawing processes are started by a small render
// supervisor (supervisor.ts), itself started once per app process, so no request pays for starting a process
// either. ADR 0023.

const ENTRY = path.resolve(process.cwd(), "server/exports/svg-raster/supervisor-entry.mjs");
/** Past its own budget, a supervisor that still has not answered is taken for hung and replaced. */
const SUPERVISOR_SLACK_MS = 15_000;

interface Pending {
  resolve: (result: RenderResult) => void;
  timer: NodeJS.Timeout;
}

interface Supervisor {
  child: ChildProcess;
  ready: Promise<boolean>;
  pending: Map<number, Pending>;
}

let supervisor: Supervisor | null = null;
let nextId = 1;

function stop(current: Supervisor, reason: string): void {
  if (supervisor === current) supervisor = null;
  try {
    // Its own process group (detached): the drawings it started go with it.
    if (current.child.pid) process.kill(-current.child.pid, "SIGKILL");
  } catch {
    // Already gone.
  }
  for (const [id, pending] of current.pending) {
    clearTimeout(pending.timer);
    pending.resolve({ ok: false, reason: "crashed" });
    current.pending.delete(id);
  }
  log("warn", "svg render supervisor stopped", { reason });
}

function start(): Supervisor {
  // spawn of node rather than fork(): the bundler takes fork()'s path for a module to bundle. Not this process's flags
  // (loaders, conditions, heap size): a plain node with a small heap.
  const child = spawn(process.execPath, ["--max-old-space-size=64", ENTRY], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production" },
    serialization: "advanced",
    stdio: ["ignore", "ignore", "inherit", "ipc"],
    detached: true,
  });
  const current: Supervisor = { child, pending: new Map(), ready: Promise.resolve(false) };
  current.ready = new Promise<boolean>((resolve) => {
    child.on("message", (message: { ready?: boolean } | RenderAnswer) => {
      if ("ready" in message) return resolve(true);
      const answer = message as RenderAnswer;
      const pending = current.pending.get(answer.id);
      if (!pending) return;
      current.pending.delete(answer.id);
      clearTimeout(pending.timer);
      const { result } = answer;
      if (!result.ok) return pending.resolve(result);
      const data = Buffer.from(result.png.buffer, result.png.byteOffset, result.png.byteLength);
      pending.resolve({ ok: true, logo: { data, mimeType: "image/png", width: result.width, height: result.height } });
    });
    child.on("error", () => resolve(false));
    child.on("exit", (code, signal) => {
      resolve(false);
      if (supervisor === current || current.pending.size) stop(current, `exited (${signal ?? code})`);
    });
  });
  // An idle supervisor keeps no process alive; a waiting request's timer does.
  child.unref();
  child.channel?.unref();
  return current;
}

/**
 * Starts the render supervisor now rather than on the first SVG (the web process does it when it starts, as
 * it starts pg-boss: starting a process is what a request must not pay for).
 */
export function startSvgRenderer(): void {
  supervisor ??= start();
}

async function send(request: Omit<RenderRequest, "id">): Promise<RenderResult> {
  const current = (supervisor ??= start());
  if (!(await current.ready)) {
    stop(current, "did not start");
    return { ok: false, reason: "crashed" };
  }
  const id = nextId++;
  return new Promise<RenderResult>((resolve) => {
    const timer = setTimeout(
      () => stop(current, "did not answer"),
      request.budget.startupMs + request.budget.renderMs + SUPERVISOR_SLACK_MS,
    );
    current.pending.set(id, { resolve, timer });
    current.child.send({ ...request, id } satisfies RenderRequest);
  });
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
  const result = await send({ svg: new Uint8Array(bytes), width, maxHeight, budget });
  // Not the logo's fault: the renderer could not start or died by itself (a missing script, a crash in resvg).
  if (!result.ok && result.reason === "crashed") log("warn", "svg renderer failed", { entry: ENTRY });
  return result;
}

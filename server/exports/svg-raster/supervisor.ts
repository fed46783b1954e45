import { fork, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import { setPriority } from "node:os";
import path from "node:path";
import { serveRequests } from "../off-thread/serve-requests";
import type { RenderAnswer, RenderBudget, RenderRequest } from "./render-budget";

// The render supervisor: a small helper process (../off-thread/helper-process.ts; started through supervisor-entry.mjs)
// that starts one drawing process (render-svg-child.mjs) per SVG and kills it (SIGKILL) past its time or memory
// budget. It exists so that the app's processes never fork on a request: starting a process blocks the caller's
// thread until the new one runs, 200-350 ms for a 350 MB process on a busy 2-core machine, while this process is small
// and blocks nobody. It does no drawing itself.

/** Drawings running at once; the rest wait their turn (each may take a whole core, at the lowest priority). */
const MAX_CHILDREN = 2;
const MEMORY_POLL_MS = 25;
const RENDERER = path.join(path.dirname(new URL(import.meta.url).pathname), "render-svg-child.mjs");

type Result = RenderAnswer["result"];

let running = 0;
const waiting: (() => void)[] = [];
const children = new Set<ChildProcess>();

async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CHILDREN) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** The process's resident set in bytes (Linux /proc; elsewhere unknown, and only the time budget applies). */
async function residentBytes(pid: number): Promise<number | null> {
  try {
    return Number((await readFile(`/proc/${pid}/statm`, "utf8")).split(" ")[1]) * 4096;
  } catch {
    return null;
  }
}

interface RendererAnswer {
  ready?: boolean;
  png?: Uint8Array;
  width?: number;
  height?: number;
  error?: "too-tall" | "unreadable";
}

function draw(request: RenderRequest, budget: RenderBudget): Promise<Result> {
  return new Promise((resolve) => {
    let child: ChildProcess;
    try {
      child = fork(RENDERER, [], {
        // A small heap: the SVG is at most 1 MB, and resvg's canvases are outside it (the memory budget counts them).
        execArgv: ["--max-old-space-size=64"],
        env: { PATH: process.env.PATH ?? "", NODE_ENV: "production" },
        serialization: "advanced",
        stdio: ["ignore", "ignore", "ignore", "ipc"],
      });
    } catch {
      resolve({ ok: false, reason: "crashed" });
      return;
    }
    children.add(child);
    let settled = false;
    let timer = setTimeout(() => finish({ ok: false, reason: "timeout" }), budget.startupMs);
    const memory = setInterval(async () => {
      const rss = child.pid ? await residentBytes(child.pid) : null;
      if (rss !== null && rss > budget.memoryBytes) finish({ ok: false, reason: "memory" });
    }, MEMORY_POLL_MS);
    function finish(result: Result) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(memory);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      children.delete(child);
      resolve(result);
    }
    if (child.pid) {
      try {
        // Nice 19: the web server and the worker, at 0, get nearly all the CPU they ask for while it draws.
        setPriority(child.pid, 19);
      } catch {
        // Not permitted on some systems: the time budget still bounds it.
      }
    }
    child.on("message", (answer: RendererAnswer) => {
      if (answer.ready) {
        clearTimeout(timer);
        timer = setTimeout(() => finish({ ok: false, reason: "timeout" }), budget.renderMs);
        child.send({ svg: request.svg, width: request.width, maxHeight: request.maxHeight });
      } else if (answer.png && answer.width && answer.height) {
        finish({ ok: true, png: answer.png, width: answer.width, height: answer.height });
      } else finish({ ok: false, reason: answer.error ?? "unreadable" });
    });
    child.on("error", () => finish({ ok: false, reason: "crashed" }));
    // "close", not "exit": it comes after the IPC channel has delivered everything the child sent.
    child.on("close", () => finish({ ok: false, reason: "crashed" }));
  });
}

serveRequests<RenderRequest, Omit<RenderAnswer, "id">>(
  async (request) => ({ result: await slot(() => draw(request, request.budget)) }),
  // The app went away: its drawings go too.
  () => {
    for (const child of children) child.kill("SIGKILL");
  },
);

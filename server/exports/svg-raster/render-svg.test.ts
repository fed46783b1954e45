import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FILTERED_LOGO, HUNDRED_FILTERED } from "@/test/svg-logos";
import { RENDER_BUDGET, renderSvg } from "./render-svg";

const PLAIN = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="#a30"/></svg>`;

/** Node processes running our child script right now (Linux /proc). */
function renderChildren(): number[] {
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("render-svg-child.mjs");
      } catch {
        return false;
      }
    })
    .map(Number);
}

const options = { width: 600, maxHeight: 4000 };

describe("renderSvg (a child process with a time and memory budget)", () => {
  it("draws an ordinary logo to a PNG of the asked width, aspect ratio kept", async () => {
    const result = await renderSvg(PLAIN, options);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.logo.data.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect([result.logo.width, result.logo.height]).toEqual([600, 300]);
  });

  it("kills a render past its time budget and says so, leaving no process behind", async () => {
    const budget = { ...RENDER_BUDGET, renderMs: 300 };
    const started = Date.now();
    const result = await renderSvg(HUNDRED_FILTERED, { ...options, budget });
    const took = Date.now() - started;
    expect(result).toEqual({ ok: false, reason: "timeout" });
    // The budget plus starting node: nowhere near the minutes the drawing itself would take.
    expect(took).toBeLessThan(budget.startupMs + budget.renderMs);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(renderChildren()).toEqual([]);
  });

  it("kills a render past its memory budget", async () => {
    // Below what node and resvg alone take: the first poll finds it over.
    const result = await renderSvg(FILTERED_LOGO, { ...options, budget: { ...RENDER_BUDGET, memoryBytes: 20e6 } });
    expect(result).toEqual({ ok: false, reason: "memory" });
  });

  it("refuses a logo too tall for its width before drawing it, and one resvg cannot read", async () => {
    const tall = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="1000"><rect width="10" height="1000"/></svg>`;
    expect(await renderSvg(tall, options)).toEqual({ ok: false, reason: "too-tall" });
    expect(await renderSvg("<svg", options)).toEqual({ ok: false, reason: "unreadable" });
  });

  it("keeps the calling thread free while it draws", async () => {
    const gaps: number[] = [];
    let last = Date.now();
    const timer = setInterval(() => {
      gaps.push(Date.now() - last);
      last = Date.now();
    }, 10);
    await renderSvg(FILTERED_LOGO, options);
    clearInterval(timer);
    expect(gaps.length).toBeGreaterThan(5);
    // A timer every 10 ms keeps firing (in-process, the drawing blocked it for seconds).
    expect(Math.max(...gaps)).toBeLessThan(200);
  });
});

import fs from "node:fs";
import path from "node:path";
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";
import { INTERACTIVITY_ATTACHMENT, type PageTiming } from "./interactivity";

/** Every page a journey visits must be interactive within this, on the production build. */
const BUDGET_MS = 1_000;

const fmt = (ms: number | null) => (ms === null ? "> 8 s" : `${Math.round(ms)} ms`);

/**
 * Prints, after the journeys, how long each kind of page took to become interactive and to show its data (the
 * slowest load of each kind) against the 1 s budget, and writes the figures to test-results/interactivity.json.
 * It reports and does not fail: speed is a target measured here, not a timed assertion.
 */
export default class InteractivityReporter implements Reporter {
  private readonly timings: PageTiming[] = [];

  onTestEnd(_test: TestCase, result: TestResult) {
    for (const a of result.attachments) {
      if (a.name !== INTERACTIVITY_ATTACHMENT || !a.body) continue;
      this.timings.push(...(JSON.parse(a.body.toString("utf8")) as PageTiming[]));
    }
  }

  onEnd() {
    if (!this.timings.length) return;
    const worst = new Map<string, PageTiming & { loads: number }>();
    const slower = (a: number | null, b: number | null) => (a === null ? Infinity : a) > (b === null ? Infinity : b);
    for (const t of this.timings) {
      const seen = worst.get(t.kind);
      if (!seen) worst.set(t.kind, { ...t, loads: 1 });
      else {
        seen.loads++;
        if (slower(t.interactiveMs, seen.interactiveMs)) seen.interactiveMs = t.interactiveMs;
        if (slower(t.readyMs, seen.readyMs)) Object.assign(seen, { readyMs: t.readyMs, waitingFor: t.waitingFor });
      }
    }
    const rows = [...worst.values()].sort((a, b) => a.kind.localeCompare(b.kind));
    const over = rows.filter((r) => r.interactiveMs === null || r.interactiveMs >= BUDGET_MS);
    const width = Math.max(...rows.map((r) => r.kind.length));
    const lines = [
      "",
      `Pages visited in the journeys (slowest load of each; budget: interactive in < ${BUDGET_MS} ms):`,
      `  ${"page".padEnd(width)}  loads  interactive  data shown`,
      ...rows.map(
        (r) =>
          `  ${r.kind.padEnd(width)}  ${String(r.loads).padStart(5)}  ${fmt(r.interactiveMs).padStart(11)}  ${fmt(r.readyMs).padStart(10)}` +
          (r.waitingFor ? `  (still loading: ${r.waitingFor})` : ""),
      ),
      over.length
        ? `  ${over.length} of ${rows.length} kinds of page NOT interactive within ${BUDGET_MS} ms: ${over.map((r) => r.kind).join(", ")}`
        : `  All ${rows.length} kinds of page interactive within ${BUDGET_MS} ms (slowest ${fmt(Math.max(...rows.map((r) => r.interactiveMs ?? 0)))}).`,
      "",
    ];
    console.log(lines.join("\n"));
    fs.mkdirSync("test-results", { recursive: true });
    fs.writeFileSync(path.join("test-results", "interactivity.json"), JSON.stringify(rows, null, 2));
  }
}

import fs from "node:fs";
import path from "node:path";
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";
import { INTERACTIVITY_ATTACHMENT, type PageTiming } from "./interactivity";

/** Every page a journey visits must be interactive within this, on the production build. */
const BUDGET_MS = 1_000;

const fmt = (ms: number | null) => (ms === null ? "> 8 s" : `${Math.round(ms)} ms`);
const asNumber = (ms: number | null) => (ms === null ? Infinity : ms);
const median = (values: (number | null)[]) => {
  const sorted = values.map(asNumber).sort((a, b) => a - b);
  const m = sorted[Math.floor((sorted.length - 1) / 2)];
  return Number.isFinite(m) ? m : null;
};
const slowest = (values: (number | null)[]) => {
  const m = Math.max(...values.map(asNumber));
  return Number.isFinite(m) ? m : null;
};

interface KindRow {
  kind: string;
  loads: number;
  interactiveMedian: number | null;
  interactiveSlowest: number | null;
  shownMedian: number | null;
  shownSlowest: number | null;
  waitingFor?: string;
}

/**
 * Prints, after the journeys, how long each kind of page took to become interactive and to show its data (median
 * and slowest of its loads; the slowest is often the first load of that page after the server started) against the
 * 1 s budget, and writes the figures to test-results/interactivity.json. It reports and does not fail: speed is a
 * target measured here, not a timed assertion.
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
    const byKind = new Map<string, PageTiming[]>();
    for (const t of this.timings) byKind.set(t.kind, [...(byKind.get(t.kind) ?? []), t]);
    const rows: KindRow[] = [...byKind]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kind, list]) => ({
        kind,
        loads: list.length,
        interactiveMedian: median(list.map((t) => t.interactiveMs)),
        interactiveSlowest: slowest(list.map((t) => t.interactiveMs)),
        shownMedian: median(list.map((t) => t.readyMs)),
        shownSlowest: slowest(list.map((t) => t.readyMs)),
        waitingFor: list.find((t) => t.waitingFor)?.waitingFor,
      }));
    const over = rows.filter((r) => asNumber(r.interactiveMedian) >= BUDGET_MS);
    const slowOnce = rows.filter((r) => asNumber(r.interactiveSlowest) >= BUDGET_MS && !over.includes(r));
    const width = Math.max(...rows.map((r) => r.kind.length));
    const pair = (a: number | null, b: number | null) => `${fmt(a)} / ${fmt(b)}`.padStart(19);
    const lines = [
      "",
      `Pages visited in the journeys (budget: interactive in < ${BUDGET_MS} ms; median / slowest of each kind's loads):`,
      `  ${"page".padEnd(width)}  loads          interactive           data shown`,
      ...rows.map(
        (r) =>
          `  ${r.kind.padEnd(width)}  ${String(r.loads).padStart(5)}  ${pair(r.interactiveMedian, r.interactiveSlowest)}  ${pair(r.shownMedian, r.shownSlowest)}` +
          (r.waitingFor ? `  (once still loading: ${r.waitingFor})` : ""),
      ),
      over.length
        ? `  ${over.length} of ${rows.length} kinds of page NOT interactive within ${BUDGET_MS} ms (median): ${over.map((r) => r.kind).join(", ")}`
        : `  All ${rows.length} kinds of page interactive within ${BUDGET_MS} ms (median; slowest median ${fmt(Math.max(...rows.map((r) => asNumber(r.interactiveMedian))))}).`,
      ...(slowOnce.length
        ? [`  Over ${BUDGET_MS} ms in their slowest load: ${slowOnce.map((r) => r.kind).join(", ")}`]
        : []),
      "",
    ];
    console.log(lines.join("\n"));
    fs.mkdirSync("test-results", { recursive: true });
    fs.writeFileSync(path.join("test-results", "interactivity.json"), JSON.stringify(rows, null, 2));
  }
}

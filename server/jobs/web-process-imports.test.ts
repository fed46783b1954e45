import { describe, expect, it } from "vitest";
import { importGraph, importPath, sourceFilesUnder } from "@/test/import-graph";

// The web process only queues jobs: the insight engine and the mail transport load in the worker.
// A few small leaves under server/insights are for the web process too: the statistics a split test
// computes per request, the period-over-period test the report's headline figures carry (report-kpis.ts, with
// the finding types it returns), and the rollup SQL an upload merges its dates with in its own transaction (with
// the rollup periods it names), and the pairing of a Universal Analytics upload with its GA4 source that the headline
// figures and the dashboard stitch their days by (analytics-seam.ts: SQL and two pure functions, no engine).
const WEB_SAFE = [
  "server/insights/stats/",
  "server/insights/split-test/",
  "server/insights/detectors/period-change.ts",
  "server/insights/types.ts",
  "server/insights/data/daily-totals.ts",
  "server/insights/data/rollup-periods.ts",
  "server/insights/data/parts.ts",
  "server/insights/data/analytics-seam.ts",
];
const heavy = (graph: ReturnType<typeof importGraph>) => [
  ...[...graph.files].filter((f) => f.startsWith("server/insights/") && !WEB_SAFE.some((safe) => f.startsWith(safe))),
  ...[...graph.packages].filter((p) => p === "nodemailer"),
];

describe("the web process's imports", () => {
  it("never reach the insight engine or nodemailer from the pages, the routes, enqueue or boss", () => {
    const graph = importGraph([
      ...sourceFilesUnder("app"),
      "instrumentation.ts",
      "server/jobs/enqueue.ts",
      "server/jobs/boss.ts",
    ]);
    expect(graph.files.has("server/jobs/contracts/generate-report.ts")).toBe(true);
    expect(heavy(graph).map((target) => importPath(graph, target))).toEqual([]);
  });

  it("do reach both from the worker, so the walk above can fail", () => {
    const graph = importGraph(["worker.ts"]);
    expect(graph.files.has("server/insights/engine/run-engine.ts")).toBe(true);
    expect(graph.packages.has("nodemailer")).toBe(true);
  });
});

describe("the worker's handlers", () => {
  it("cover every queue the web process can send to, once each", async () => {
    const { jobContracts } = await import("./contracts/all-contracts");
    const { jobHandlers } = await import("./worker-handlers");
    expect(jobHandlers.map((h) => h.contract.name).sort()).toEqual(jobContracts.map((c) => c.name).sort());
    for (const handler of jobHandlers) expect(jobContracts).toContain(handler.contract);
  });
});

import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { startEmbeddedPostgres } from "../lib/embedded-postgres";
import { runMigrations } from "../../server/db/migrate";
import type { BenchResult, InProcessBenchmark } from "./harness";
import { percentile } from "./harness";
import type { ChildResult, WindowResult } from "./real-series-child";
import { benchEngine, type BenchEngine } from "./engine-choice";

// `npm run bench -- real-series`: the engine judged on data nobody here generated (issue 56). Every real public
// daily series of data/real-series/ (docs/real-series.md) and every real export of ../shared/real-exports/ that
// imports goes through the app's CSV import into a project, gets reports from the report job's own function on a
// 30-day window around each dated event and on quiet windows, and every stored finding is checked for the
// finding properties (server/insights/quality/). Prints each property violation (target: none), the recall of the
// dated events (found in their direction and dated within two days), the false findings on quiet windows, and
// whether shuffling a file's rows changes its report. Runs in a PostgreSQL and a child process of its own.
// `--engine=v3` runs the child with INSIGHT_ENGINE=v3 (the setting runEngine reads), so v2 and v3 read alike.

const run = promisify(execFile);
const TARGET_RECALL = 0.9;

/** "drop 20/22, spike 3/4, …": the dated events found, by the kind of event. */
function recallByKind(events: readonly WindowResult[]): string {
  const byKind = new Map<string, { found: number; total: number }>();
  for (const w of events) {
    const k = byKind.get(w.event!.kind) ?? { found: 0, total: 0 };
    byKind.set(w.event!.kind, { found: k.found + Number(Boolean(w.event!.found)), total: k.total + 1 });
  }
  return [...byKind].map(([kind, v]) => `${kind} ${v.found}/${v.total}`).join(", ");
}

function summarise(r: ChildResult, engine: BenchEngine): { lines: string[]; results: BenchResult[] } {
  const lines: string[] = [];
  const violations = r.windows.flatMap((w) => w.violations.map((v) => ({ ...v, w })));
  const byProperty = new Map<string, number>();
  for (const v of violations) byProperty.set(v.property, (byProperty.get(v.property) ?? 0) + 1);
  const differences = r.deterministic.flatMap((d) => d.differences.map((text) => `${d.dataset}: ${text}`));
  lines.push(`  property violations: ${violations.length + differences.length} (target 0)`);
  for (const [property, n] of byProperty) lines.push(`    ${property}: ${n}`);
  if (differences.length > 0) lines.push(`    deterministic: ${differences.length}`);
  const where = (w: WindowResult) => `${w.dataset} ${w.periodStart}…${w.periodEnd}`;
  for (const v of violations) lines.push(`    [${v.property}] ${where(v.w)}: ${v.text}`);
  for (const d of differences) lines.push(`    [deterministic] ${d}`);

  const events = r.windows.filter((w) => w.event);
  const found = events.filter((w) => w.event!.found);
  lines.push(`  dated events found (their direction, within 2 days): ${found.length}/${events.length}`);
  lines.push(`  recall by kind: ${recallByKind(events)}`);
  for (const w of events)
    lines.push(
      `    ${w.event!.found ? "found " : "MISSED"} ${w.dataset} ${w.event!.date} ${w.event!.name}${w.event!.found ? ` — ${w.event!.found}` : ""}`,
    );
  const quiet = r.windows.filter((w) => w.quiet);
  const falses = quiet.reduce((n, w) => n + w.falseFindings.length, 0);
  lines.push(`  quiet windows: ${falses} findings over ${quiet.length} windows`);
  for (const w of quiet) lines.push(`    ${where(w)}: ${w.falseFindings.length} (${w.falseFindings.join("; ")})`);
  lines.push(`  real exports (../shared/real-exports/files), as the upload route reads them without a mapping:`);
  for (const e of r.exports) lines.push(`    ${e.imported ? "imports" : "refused"}: ${e.file} — ${e.detail}`);

  const times = r.windows.map((w) => w.ms).sort((a, b) => a - b);
  const engineTimes = r.windows.map((w) => w.engineMs).sort((a, b) => a - b);
  lines.push(
    `  engine ${engine} time per report: median ${percentile(engineTimes, 50).toFixed(1)} ms, p95 ${percentile(engineTimes, 95).toFixed(1)} ms (of a whole report's median ${percentile(times, 50).toFixed(1)} ms)`,
  );
  const recall = events.length ? found.length / events.length : 0;
  const total = violations.length + differences.length;
  return {
    lines,
    results: [
      {
        label: `engine ${engine}, real series and exports: ${r.windows.length} reports through the import and the report job, every finding checked`,
        n: times.length,
        medianMs: percentile(times, 50),
        p95Ms: percentile(times, 95),
        note: `property violations ${total} (target 0: ${total === 0 ? "met" : "NOT met"}); event recall ${(recall * 100).toFixed(0)}% (${found.length}/${events.length}, target ≥ ${TARGET_RECALL * 100}%: ${recall >= TARGET_RECALL ? "met" : "NOT met"}); ${(falses / Math.max(1, quiet.length)).toFixed(1)} findings per quiet window; times are one report`,
      },
    ],
  };
}

async function benchRealSeries(): Promise<BenchResult[]> {
  const engine = benchEngine();
  const dataDir = path.resolve(".data/bench/pg-real-series");
  fs.rmSync(dataDir, { recursive: true, force: true });
  const database = await startEmbeddedPostgres({ dataDir, database: "funnelwise_real_series", fast: true });
  try {
    await runMigrations(database.url);
    const { stdout } = await run(
      path.resolve("node_modules/.bin/tsx"),
      ["--import", "./scripts/no-server-only.mjs", "scripts/bench/real-series-child.ts"],
      {
        maxBuffer: 64 << 20,
        env: {
          ...process.env,
          DATABASE_URL: database.url,
          NEXTAUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123456789",
          ENCRYPTION_KEY: "0".repeat(64),
          LOG_LEVEL: "error",
          APP_URL: "http://localhost:3000",
          INSIGHT_ENGINE: engine,
        },
      },
    );
    const { lines, results } = summarise(JSON.parse(stdout.trim().split("\n").pop()!) as ChildResult, engine);
    console.log(lines.join("\n"));
    return results;
  } finally {
    await database.stop();
  }
}

export const realSeriesBenchmark: InProcessBenchmark = { name: "real-series", inProcess: true, run: benchRealSeries };

import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { percentile, type BenchResult, type InProcessBenchmark } from "./harness";

// The PowerPoint and Excel exports of a 30-insight report with 400 days of daily series (anomaly
// and period-change insights carry the series; drivers, funnels and audits their bars), built in
// process from the export model: the builders are pure, so neither the database nor the app is
// involved. Each format runs in a child process of its own so its peak RSS is measured alone.
// Targets: each file under 1.5 s, peak RSS added under 300 MB.

const RUNS = 5;
const TARGET_MS = 1_500;
const TARGET_RSS_MB = 300;

const run = promisify(execFile);

interface WorkerResult {
  format: "pptx" | "xlsx";
  times: number[];
  bytes: number;
  peakAddedMb: number;
}

async function measureFormat(format: "pptx" | "xlsx"): Promise<BenchResult> {
  const { stdout } = await run(
    path.resolve("node_modules/.bin/tsx"),
    ["--expose-gc", "scripts/bench/exports-worker.ts", format, String(RUNS)],
    { maxBuffer: 1 << 20 },
  );
  const result = JSON.parse(stdout.trim().split("\n").pop()!) as WorkerResult;
  const sorted = [...result.times].sort((a, b) => a - b);
  const rssMet = result.peakAddedMb < TARGET_RSS_MB ? "met" : "NOT met";
  return {
    label: `export ${format} (30 insights, 400 days)`,
    n: sorted.length,
    medianMs: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    targetP95Ms: TARGET_MS,
    note: `${(result.bytes / 1024).toFixed(0)} KB; peak RSS added ${result.peakAddedMb.toFixed(0)} MB (target < ${TARGET_RSS_MB} MB: ${rssMet})`,
  };
}

/** Builds both files, prints and returns the figures. */
export async function benchExports(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const format of ["pptx", "xlsx"] as const) {
    const result = await measureFormat(format);
    console.log(`[bench] ${result.label}: median ${result.medianMs.toFixed(0)} ms, ${result.note}`);
    results.push(result);
  }
  return results;
}

export const exportsBenchmark: InProcessBenchmark = {
  name: "exports",
  inProcess: true,
  run: benchExports,
};

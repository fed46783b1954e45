import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { runMigrations } from "../../server/db/migrate";
import { startEmbeddedPostgres } from "../lib/embedded-postgres";
import type { BenchResult, InProcessBenchmark } from "./harness";

// A tick with 1,000 schedules due at the same instant: the time for the tick to turn them into runs
// and queue one delivery job each (target under 5 s), then every job worked twice (a duplicate of
// each) by four concurrent deliverers: each run generates its month's report and emails it, and
// the SMTP server must receive exactly one message per schedule. Runs on a fresh embedded
// PostgreSQL of its own and a child process started like the worker.

const COUNT = Number(process.env.BENCH_SCHEDULES ?? 1000);
const TARGET_TICK_MS = 5_000;
const run = promisify(execFile);

interface ChildResult {
  count: number;
  created: number;
  queuedJobs: number;
  tickMs: number;
  deliverMs: number;
  mails: number;
  recipients: number;
  duplicates: number;
  deliveredRuns: number;
}

async function benchSchedules(): Promise<BenchResult[]> {
  const dataDir = path.resolve(".data/bench/pg-schedules");
  fs.rmSync(dataDir, { recursive: true, force: true });
  const database = await startEmbeddedPostgres({ dataDir, database: "funnelwise_schedules", fast: true });
  try {
    await runMigrations(database.url);
    const { stdout } = await run(
      path.resolve("node_modules/.bin/tsx"),
      ["--import", "./scripts/no-server-only.mjs", "scripts/bench/schedules-child.ts", String(COUNT)],
      {
        maxBuffer: 1 << 20,
        env: {
          ...process.env,
          DATABASE_URL: database.url,
          NEXTAUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123456789",
          ENCRYPTION_KEY: "0".repeat(64),
          LOG_LEVEL: "error",
          APP_URL: "http://localhost:3000",
        },
      },
    );
    const r = JSON.parse(stdout.trim().split("\n").pop()!) as ChildResult;
    const exact = r.mails === r.count && r.recipients === r.count && r.duplicates === 0 && r.deliveredRuns === r.count;
    return [
      {
        label: `schedule tick (${r.count} due schedules → runs and delivery jobs)`,
        n: 1,
        medianMs: r.tickMs,
        p95Ms: r.tickMs,
        targetP95Ms: TARGET_TICK_MS,
        note: `${r.created} runs, ${r.queuedJobs} jobs queued`,
      },
      {
        label: `scheduled deliveries (${r.queuedJobs} jobs, each worked twice, report generated per run)`,
        n: r.queuedJobs * 2,
        medianMs: r.deliverMs,
        p95Ms: r.deliverMs,
        note: `${r.mails} mails to ${r.recipients} recipients, ${r.duplicates} duplicates, ${r.deliveredRuns} runs delivered (${((r.count / r.deliverMs) * 1000).toFixed(1)} deliveries/s): ${exact ? "exactly once" : "NOT exactly once"}`,
      },
    ];
  } finally {
    await database.stop();
  }
}

export const schedulesBenchmark: InProcessBenchmark = { name: "schedules", inProcess: true, run: benchSchedules };

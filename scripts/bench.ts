/**
 * `npm run bench [-- name ...] [-- --rebuild]`: seeds a fresh embedded PostgreSQL in .data/bench/pg
 * with each benchmark's data, starts the production app (scripts/start.ts, port 3300, build in
 * .next-bench, built once when missing; --rebuild forces a new build), and measures through HTTP.
 * In-process benchmarks (exports) run first, without either; when only they are chosen, neither
 * starts. Add a benchmark as one file under scripts/bench/ and list it in BENCHMARKS.
 * `--engine=v3` judges the v3 insight engine in the quality and real-series parts (default v2, what users run).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { formatResult, type Benchmark, type BenchmarkEntry, type BenchResult } from "./bench/harness";
import { exportsBenchmark } from "./bench/exports";
import { ingestBenchmark } from "./bench/ingest";
import { importFilesBenchmark } from "./bench/import-files";
import { pageJsBenchmark } from "./bench/page-js";
import { runQuality } from "./bench/quality";
import { benchEngine } from "./bench/engine-choice";
import { runGeneratedProperties } from "./bench/generated-properties";
import { realSeriesBenchmark } from "./bench/real-series";
import { reportBenchmark } from "./bench/report";
import { rootCauseBenchmark } from "./bench/root-cause";
import { searchBenchmark } from "./bench/search";
import { googleBenchmark } from "./bench/google";
import { metaBenchmark } from "./bench/meta";
import { alertsBenchmark } from "./bench/alerts";
import { schedulesBenchmark } from "./bench/schedules";
import { loadBenchmark } from "./bench/load";
import { cachedReadsBenchmark } from "./bench/cached-reads";
import { wizardBenchmark } from "./bench/wizard";
import { splitterBenchmark } from "./bench/splitter";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "./lib/embedded-postgres";
import { runMigrations } from "../server/db/migrate";

const BENCHMARKS: BenchmarkEntry[] = [
  searchBenchmark,
  ingestBenchmark,
  importFilesBenchmark,
  reportBenchmark,
  googleBenchmark,
  metaBenchmark,
  alertsBenchmark,
  wizardBenchmark,
  exportsBenchmark,
  realSeriesBenchmark,
  rootCauseBenchmark,
  schedulesBenchmark,
  loadBenchmark,
  cachedReadsBenchmark,
  pageJsBenchmark,
  splitterBenchmark,
];

const PORT = Number(process.env.BENCH_PORT || 3300);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const DIST_DIR = ".next-bench";
const benchDir = path.resolve(".data/bench");
const READY_TIMEOUT_MS = 20 * 60_000;

const args = process.argv.slice(2);
const rebuild = args.includes("--rebuild");
const wanted = args.filter((a) => !a.startsWith("--"));
const selected = wanted.length ? BENCHMARKS.filter((b) => wanted.includes(b.name)) : BENCHMARKS;
// The engine's quality bench needs no database or app: the engine is a pure function of loaded data.
const quality = wanted.length === 0 || wanted.includes("quality");

let database: EmbeddedDatabase | undefined;
let app: ChildProcess | undefined;
let appExited: Promise<void> | undefined;

const step = (message: string) => console.log(`[bench] ${message}`);

// `next build` with its own distDir adds that folder's types to tsconfig.json; the bench puts the
// file back as it was, so running it leaves the working tree unchanged.
const tsconfigPath = path.resolve("tsconfig.json");
const tsconfig = fs.readFileSync(tsconfigPath, "utf8");
function restoreTsconfig() {
  if (fs.readFileSync(tsconfigPath, "utf8") !== tsconfig) fs.writeFileSync(tsconfigPath, tsconfig);
}

async function startApp(databaseUrl: string): Promise<void> {
  if (rebuild) fs.rmSync(DIST_DIR, { recursive: true, force: true });
  const logFile = path.join(benchDir, "app.log");
  const out = fs.openSync(logFile, "w");
  // The worker touches this file once it takes jobs (after warming up): the web process answers
  // sooner, and a report queued before would time the worker's start-up, not the report.
  const heartbeat = path.join(benchDir, "worker-heartbeat");
  fs.rmSync(heartbeat, { force: true });
  app = spawn(path.resolve("node_modules/.bin/tsx"), ["--conditions=react-server", "scripts/start.ts"], {
    stdio: ["ignore", out, out],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(PORT),
      APP_URL: BASE_URL,
      SEED_DEMO: "false",
      NEXTAUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123456789",
      ENCRYPTION_KEY: "0".repeat(64),
      NEXT_DIST_DIR: DIST_DIR,
      LOG_LEVEL: process.env.BENCH_APP_LOG_LEVEL ?? "warn",
      MAIL_DIR: path.join(benchDir, "mail"),
      WORKER_HEARTBEAT_FILE: heartbeat,
    },
  });
  let exited = false;
  appExited = new Promise((resolve) => app!.on("exit", () => ((exited = true), resolve())));
  step(
    `starting the app on ${BASE_URL} (log: ${path.relative(process.cwd(), logFile)}; builds ${DIST_DIR} first if missing)`,
  );
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the app exited before answering; see ${logFile}`);
    try {
      const res = await fetch(`${BASE_URL}/api/health`);
      if (res.ok && fs.existsSync(heartbeat)) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`the app did not answer within ${READY_TIMEOUT_MS / 60_000} minutes; see ${logFile}`);
}

async function login(email: string, password: string): Promise<string> {
  const res = await fetch(`${BASE_URL}/api/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { token?: string; message?: string };
  if (!res.ok || !body.token) throw new Error(`login as ${email} failed: ${res.status} ${body.message ?? ""}`);
  return body.token;
}

async function cleanup(): Promise<void> {
  restoreTsconfig();
  if (app && app.exitCode === null && app.signalCode === null) {
    app.kill("SIGTERM");
    const timer = setTimeout(() => app?.kill("SIGKILL"), 20_000);
    await appExited;
    clearTimeout(timer);
  }
  await database?.stop().catch(() => undefined);
  database = undefined;
}

async function main() {
  if (quality) {
    const engine = benchEngine(args);
    step(`running quality with engine ${engine} (generated projects with planted events and their noise twins)`);
    // QUALITY_PROJECTS=120 for a figure less tied to the luck of 60 draws (docs/decisions/0006).
    for (const account of ["shop", "campaigns", "campaignDays"] as const) {
      const { results, lines } = runQuality(Number(process.env.QUALITY_PROJECTS) || undefined, account, engine);
      console.log(lines.join("\n"));
      for (const r of results) console.log(`  ${formatResult(r)}`);
    }
    const generated = runGeneratedProperties(engine);
    console.log(generated.lines.join("\n"));
    for (const r of generated.results) console.log(`  ${formatResult(r)}`);
    if (selected.length === 0) return;
  }
  if (selected.length === 0)
    throw new Error(`no benchmark named ${wanted.join(", ")}; known: ${BENCHMARKS.map((b) => b.name).join(", ")}`);
  const results: BenchResult[] = [];
  for (const bench of selected) {
    if (!bench.inProcess) continue;
    step(`running ${bench.name} (in process)`);
    results.push(...(await bench.run()));
  }
  const served = selected.filter((b): b is Benchmark => !b.inProcess);
  if (served.length === 0) return printResults(results);
  const pgDir = path.join(benchDir, "pg");
  fs.rmSync(pgDir, { recursive: true, force: true });
  step("starting a fresh embedded PostgreSQL in .data/bench/pg");
  database = await startEmbeddedPostgres({ dataDir: pgDir, database: "funnelwise_bench", fast: true });
  await runMigrations(database.url);

  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    for (const bench of served) {
      const started = Date.now();
      await bench.seed(db);
      step(`seeded ${bench.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    if (served.some((b) => b.needsApp !== false)) {
      await startApp(database.url);
      restoreTsconfig();
    }
    for (const bench of served) {
      step(`running ${bench.name}`);
      results.push(...(await bench.run({ baseUrl: BASE_URL, db, databaseUrl: database.url, login })));
    }
  } finally {
    await db.end();
  }
  printResults(results);
}

function printResults(results: BenchResult[]): void {
  console.log("\nResults");
  for (const r of results) console.log(`  ${formatResult(r)}`);
}

process.on("SIGINT", () => void cleanup().then(() => process.exit(130)));
process.on("SIGTERM", () => void cleanup().then(() => process.exit(143)));

main()
  .then(cleanup)
  .catch(async (error) => {
    console.error(error instanceof Error ? error.message : error);
    await cleanup();
    process.exit(1);
  });

/**
 * `npx tsx --conditions=react-server scripts/bench/report-again.ts`: the report bench's timed cases
 * again on the data the last `npm run bench -- report` left in .data/bench/pg, without seeding it
 * again (4+ minutes on a busy machine): starts that database and the app (build .next-bench, port
 * BENCH_PORT or 3300, log .data/bench/app-again.log with LOG_LEVEL=info, so the worker's "report
 * generated" lines give each report's load, engine and save times). The first case is then the
 * first report of a freshly started worker, not the first after the import.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { formatResult } from "./harness";
import { reportBenchmark, attachSeededReportProject } from "./report";
import { startEmbeddedPostgres } from "../lib/embedded-postgres";
import { runMigrations } from "../../server/db/migrate";

const PORT = Number(process.env.BENCH_PORT || 3300);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const benchDir = path.resolve(".data/bench");

async function main() {
  const database = await startEmbeddedPostgres({
    dataDir: path.join(benchDir, "pg"),
    database: "funnelwise_bench",
    fast: true,
  });
  await runMigrations(database.url);
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const logFile = path.join(benchDir, "app-again.log");
  const out = fs.openSync(logFile, "w");
  const heartbeat = path.join(benchDir, "worker-heartbeat");
  fs.rmSync(heartbeat, { force: true });
  const app = spawn(path.resolve("node_modules/.bin/tsx"), ["--conditions=react-server", "scripts/start.ts"], {
    stdio: ["ignore", out, out],
    // Its own process group, so stopping it stops the web process and the worker it started too.
    detached: true,
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      PORT: String(PORT),
      APP_URL: BASE_URL,
      SEED_DEMO: "false",
      NEXTAUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123456789",
      ENCRYPTION_KEY: "0".repeat(64),
      NEXT_DIST_DIR: ".next-bench",
      LOG_LEVEL: "info",
      MAIL_DIR: path.join(benchDir, "mail"),
      // Touched once the worker takes jobs: the cases start then (as scripts/bench.ts does).
      WORKER_HEARTBEAT_FILE: heartbeat,
    },
  });
  const exited = new Promise<void>((resolve) => app.on("exit", () => resolve()));
  try {
    await attachSeededReportProject(db);
    for (let i = 0; ; i++) {
      if (app.exitCode !== null) throw new Error(`the app exited; see ${logFile}`);
      if (i > 600) throw new Error(`the app did not answer; see ${logFile}`);
      const ok = await fetch(`${BASE_URL}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok && fs.existsSync(heartbeat)) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const login = async (email: string, password: string) => {
      const res = await fetch(`${BASE_URL}/api/users/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password }),
      });
      const body = (await res.json()) as { token?: string };
      if (!body.token) throw new Error(`login failed: ${res.status}`);
      return body.token;
    };
    const results = await reportBenchmark.run({ baseUrl: BASE_URL, db, databaseUrl: database.url, login });
    console.log("\nResults");
    for (const r of results) console.log(`  ${formatResult(r)}`);
    for (const line of fs.readFileSync(logFile, "utf8").split("\n")) {
      if (line.includes('"report generated"')) {
        const e = JSON.parse(line) as Record<string, unknown>;
        console.log(`  worker: ${e.ms} ms (load ${e.loadMs}, engine ${e.engineMs}, save ${e.saveMs})`);
      }
    }
  } finally {
    const group = -app.pid!;
    const signal = (name: NodeJS.Signals) => {
      try {
        process.kill(group, name);
      } catch {
        // already gone
      }
    };
    signal("SIGTERM");
    const timer = setTimeout(() => signal("SIGKILL"), 20_000);
    await exited;
    clearTimeout(timer);
    // The group's last members (web process, worker) may outlive the start script by a moment.
    await new Promise((r) => setTimeout(r, 2_000));
    signal("SIGKILL");
    await db.end();
    await database.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

/**
 * `npm start` (production build) and `npm run dev` (hot reload): starts everything Funnelwise needs.
 * Without DATABASE_URL it runs the embedded PostgreSQL in .data/pg; then it applies migrations,
 * seeds the demo agency on an empty database, builds when needed, and runs the web server and the
 * job worker. A web server or worker that exits is started again, with backoff, and the log says why
 * (lib/supervise.ts); nothing else stops with it. Ctrl-C stops all of it, the database included; the next start
 * reuses the data.
 */
import path from "node:path";
import { ensureBuild } from "./lib/build";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "./lib/embedded-postgres";
import { ensureLocalSecrets, loadDotEnv } from "./lib/local-env";
import { run, stopAll } from "./lib/processes";
import { supervise, type Supervised } from "./lib/supervise";
import { ensureWorkerBuild } from "./lib/worker-build";

const dev = process.argv.includes("--dev");
// No telemetry calls from an app that may run offline.
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
const started = Date.now();
loadDotEnv();
const dataDir = path.resolve(process.env.FUNNELWISE_DATA_DIR || ".data");

let database: EmbeddedDatabase | undefined;
const supervised: Supervised[] = [];
let stopping = false;

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    console.log("Stopping Funnelwise...");
    for (const s of supervised) s.release();
    await stopAll(supervised.map((s) => s.current()));
    await database?.stop().catch(() => undefined);
  }
  process.exit(code);
}

process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));

async function main() {
  if (!process.env.DATABASE_URL) {
    ensureLocalSecrets(dataDir);
    database = await startEmbeddedPostgres({ dataDir: path.join(dataDir, "pg"), database: "funnelwise" });
    process.env.DATABASE_URL = database.url;
    console.log(`Embedded PostgreSQL running (data in ${path.join(dataDir, "pg")})`);
  }
  process.env.MAIL_DIR ||= path.join(dataDir, "mail");
  const port = process.env.PORT || "3000";
  process.env.APP_URL ||= `http://localhost:${port}`;
  process.env.NEXTAUTH_URL ||= `${process.env.APP_URL}${process.env.BASE_PATH ?? ""}/api/auth`;

  // Validate the configuration before starting anything else: a missing variable stops here, named.
  const { parseEnv } = await import("../server/env");
  parseEnv(process.env);

  const { runMigrations } = await import("../server/db/migrate");
  await runMigrations(process.env.DATABASE_URL!);

  if (process.env.SEED_DEMO !== "false") {
    const { seedDemo } = await import("../server/db/seed-demo");
    const { closeDb } = await import("../server/db/client");
    const { stopBoss } = await import("../server/jobs/boss");
    const demo = await seedDemo(process.env.DEMO_PASSWORD || "Demo123!");
    // The demo's first reports were queued for the worker: this process's queue connection is not needed any more.
    await stopBoss();
    await closeDb();
    if (demo)
      console.log(`\nDemo agency created. Log in with\n  email:    ${demo.email}\n  password: ${demo.password}\n`);
  }

  let workerBundle = "";
  if (!dev) {
    await ensureBuild({ ...process.env });
    // The worker compiled too (lib/worker-build.ts): a crashed worker is replaced within seconds, not after tsx has
    // compiled it again. After the Next.js build, which empties its folder.
    workerBundle = await ensureWorkerBuild(process.cwd(), process.env.NEXT_DIST_DIR || ".next");
  }

  const tsx = path.resolve("node_modules/.bin/tsx");
  // Plain node, not tsx with react-server conditions: Next.js loads its own compiled server there.
  const webEnv: NodeJS.ProcessEnv = { ...process.env, PORT: port, NODE_ENV: dev ? "development" : "production" };
  // WEB_NODE_FLAGS: Node flags for the web process alone, e.g. `--cpu-prof --cpu-prof-dir=…` (a CPU profile of the
  // server under the bench's load, written when it stops; NODE_OPTIONS refuses --cpu-prof and would profile all).
  const webFlags = (process.env.WEB_NODE_FLAGS ?? "").split(/\s+/).filter(Boolean);
  supervised.push(
    supervise("web", () =>
      run("web", process.execPath, [...webFlags, "scripts/web-server.mjs", ...(dev ? ["--dev"] : [])], webEnv),
    ),
  );
  // In production the worker is one plain node process running the compiled worker, so the process that is
  // supervised is the one that runs the jobs (under the tsx command a killed worker left tsx behind, and a killed tsx
  // left the worker). In dev, tsx's `watch` subcommand (it must come first, before any Node flag) runs the source and
  // restarts it on changes.
  const [workerCommand, workerFlags]: [string, string[]] = dev
    ? [tsx, ["watch", "--import", "./scripts/no-server-only.mjs", "worker.ts"]]
    : [process.execPath, ["--enable-source-maps", workerBundle]];
  supervised.push(supervise("worker", () => run("worker", workerCommand, workerFlags, { ...process.env })));

  console.log(
    `Funnelwise is starting at ${process.env.APP_URL}${process.env.BASE_PATH ?? ""} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s of set-up)`,
  );
}

main().catch(async (error) => {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
});

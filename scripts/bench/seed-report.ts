/**
 * `npx tsx --conditions=react-server scripts/bench/seed-report.ts`: seeds the report bench's data
 * (5.1 M observations) into a fresh embedded PostgreSQL in .data/bench/pg and stops, without
 * building or starting the app, so scripts/bench/profile-report.ts can time each phase.
 */
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "../lib/embedded-postgres";
import { runMigrations } from "../../server/db/migrate";
import { reportBenchmark } from "./report";

async function main() {
  const pgDir = path.resolve(".data/bench/pg");
  fs.rmSync(pgDir, { recursive: true, force: true });
  const database = await startEmbeddedPostgres({ dataDir: pgDir, database: "funnelwise_bench", fast: true });
  try {
    await runMigrations(database.url);
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const started = Date.now();
    await reportBenchmark.seed(db);
    console.log(`[bench] seeded report in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await db.end();
  } finally {
    await database.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

import path from "node:path";
import { startEmbeddedPostgres } from "../lib/embedded-postgres";
import { runMigrations } from "../../server/db/migrate";

/**
 * Opens the database the last `npm run bench -- report` left in .data/bench/pg and points this process's app code
 * at it (the profiling scripts import the engine after this), so a phase can be timed without the app.
 */
export async function openLastBenchDatabase() {
  const database = await startEmbeddedPostgres({
    dataDir: path.resolve(".data/bench/pg"),
    database: "funnelwise_bench",
    fast: true,
  });
  await runMigrations(database.url);
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    NEXTAUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123456789",
    ENCRYPTION_KEY: "0".repeat(64),
    LOG_LEVEL: "warn",
  });
  return database;
}

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

/**
 * The last bench database opened, with the app's pool on it and the report's read and engine loaded (imported after
 * the database is set, as the app code reads DATABASE_URL); `close` stops both.
 */
export async function openBenchReportEngine() {
  const database = await openLastBenchDatabase();
  const { closeDb, pool } = await import("../../server/db/client");
  pool().on("error", () => undefined);
  const { loadReportInput } = await import("../../server/insights/data/load-report-input");
  const { runEngine } = await import("../../server/insights/engine/run-engine");
  const close = async () => {
    await closeDb();
    await database.stop();
  };
  return { database, pool, loadReportInput, runEngine, close };
}

type Queryable = { query: <R extends object>(text: string) => Promise<{ rows: R[] }> };

/**
 * The report the profiling scripts time: the report bench's big project over its last `days` days (the day of its
 * newest daily total), as `loadReportInput` takes it.
 */
export async function benchReportRequest(db: Queryable, days: number, compareTo: "previous_period" | "previous_year") {
  const { rows } = await db.query<{ id: string; site_type: string; currency: string; last: string }>(
    `select p.id, p.site_type, p.currency,
            (select max(date)::text from observation_daily_totals o where o.project_id = p.id) as last
     from client_projects p where p.name = 'Big Shop Store' limit 1`,
  );
  const project = rows[0];
  if (!project) throw new Error("no report bench data: run `npm run bench -- report` first");
  const periodEnd = project.last;
  const periodStart = new Date(Date.parse(`${periodEnd}T00:00:00Z`) - (days - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return {
    projectId: project.id,
    project: { siteType: project.site_type as "ecommerce", url: null, currency: project.currency, primaryKpi: null },
    periodStart,
    periodEnd,
    compareTo,
  };
}

/**
 * `tsx --conditions=react-server scripts/bench/ingest-profile.ts [--keep]`: the ingest bench's
 * service part without the app (no build, no HTTP), for profiling the import: a fresh embedded
 * PostgreSQL in .data/ingest-profile, the bench's 1M-row CSV, an import into a new project and again
 * into the same one, the server-side COPY floor, and checksums of what was stored (observations,
 * daily totals, segment rollups) to compare before/after a change. Run under `node --cpu-prof`
 * through tsx to see where the JS time goes. STAGED=1: the import into the project with data takes the two-pass way
 * a project past the dimension dictionary's cap takes (staged, then joined with `dimension_sets` in SQL). UPLOAD=1:
 * each import goes the upload route's way (`importFile`: the file's start read as the wizard's preview reads it, then
 * streamed), as the HTTP figure of `npm run bench -- ingest` does.
 */
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "../lib/embedded-postgres";
import { runMigrations } from "../../server/db/migrate";
import { ingestBenchmark } from "./ingest";

const dir = path.resolve(".data/ingest-profile");
const csvPath = path.resolve(".data/bench/ingest-1m.csv");
const rounds = Number(process.env.ROUNDS || 1);

async function main() {
  fs.rmSync(dir, { recursive: true, force: true });
  const database = await startEmbeddedPostgres({ dataDir: dir, database: "funnelwise_prof", fast: true });
  try {
    await runMigrations(database.url);
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const haveCsv = fs.existsSync(csvPath);
    if (haveCsv) {
      // The seed writes the CSV again; keep the existing one (same content, deterministic).
      const backup = csvPath + ".keep";
      fs.renameSync(csvPath, backup);
      try {
        await ingestBenchmark.seed(db);
      } finally {
        fs.renameSync(backup, csvPath);
      }
    } else {
      await ingestBenchmark.seed(db);
    }
    const { rows: src } = await db.query<{ id: string; project_id: string; name: string }>(
      "select id, project_id, name from data_sources order by name",
    );
    const direct = src.find((s) => s.name === "Bench direct")!;
    const other = src.find((s) => s.name === "Bench http")!;
    const { importCsv } = await import("../../server/services/data-sources/upload/import-csv");
    const { importFile } = await import("../../server/services/data-sources/upload/import-file");
    // UPLOAD=1: through the upload route's reading (importFile: the file's start read as the preview reads it first).
    const importer = process.env.UPLOAD ? importFile : importCsv;
    // The same rows with other values (every revenue + 1): a re-upload where every row changed.
    const changedPath = csvPath.replace(/\.csv$/, "-changed.csv");
    if (!fs.existsSync(changedPath)) {
      const text = fs.readFileSync(csvPath, "utf8");
      fs.writeFileSync(
        changedPath,
        text.replace(/,([0-9.]+)\n/g, (_, revenue: string) => `,${(Number(revenue) + 1).toFixed(2)}\n`),
      );
    }
    const run = async (
      label: string,
      target: { id: string; project_id: string },
      file = csvPath,
      stagedOnly = false,
    ) => {
      const phases = new Map<string, number>();
      const started = performance.now();
      const cpu = process.cpuUsage();
      const summary = await importer(fs.createReadStream(file, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>, {
        dataSourceId: target.id,
        projectId: target.project_id,
        connectionString: database.url,
        stagedOnly,
        onPhase: (phase, ms) => void phases.set(phase, (phases.get(phase) ?? 0) + ms),
      });
      const ms = performance.now() - started;
      const used = process.cpuUsage(cpu);
      console.log(
        `${label}: ${(ms / 1000).toFixed(2)} s (this process's CPU ${((used.user + used.system) / 1e6).toFixed(2)} s), ${summary.rows} rows\n   ${[
          ...phases,
        ]
          .filter(([, ms]) => ms >= 20)
          .map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(2)}`)
          .join("\n   ")}`,
      );
      return ms;
    };
    const floor = async () => {
      await db.query(
        `create unlogged table if not exists bench_copy_floor (date date, channel text, device text, country text, sessions float8, users float8, "newUsers" float8, "engagedSessions" float8, pageviews float8, conversions float8, transactions float8, revenue float8)`,
      );
      await db.query("truncate bench_copy_floor");
      const started = performance.now();
      await db.query(`copy bench_copy_floor from '${csvPath}' with (format csv, header true)`);
      const ms = performance.now() - started;
      await db.query("drop table bench_copy_floor");
      return ms;
    };
    for (let r = 0; r < rounds; r++) {
      const load = fs.readFileSync("/proc/loadavg", "utf8").split(" ")[0];
      const a = await run("new project", r === 0 ? direct : other);
      const b = await run("project with data", direct, csvPath, Boolean(process.env.STAGED));
      const c = process.env.CHANGED ? await run("project with data, every row changed", direct, changedPath) : 0;
      const f = await floor();
      console.log(
        `round ${r + 1} (load ${load}): floor ${(f / 1000).toFixed(2)} s; new ${(a / f).toFixed(1)}x, with data ${(b / f).toFixed(1)}x` +
          (c ? `, every row changed ${(c / f).toFixed(1)}x` : ""),
      );
    }
    // Checksums of what the import stored (the direct source), for before/after comparisons.
    const check = async (sql: string) => JSON.stringify((await db.query(sql, [direct.id])).rows[0]);
    console.log(
      "observations",
      await check(
        `select count(*) as n, sum(sessions) as sessions, sum(users) as users, sum(new_users) as new_users, sum(engaged_sessions) as engaged, sum(pageviews) as pageviews, sum(conversions) as conversions, sum(transactions) as transactions, sum(revenue) as revenue, count(distinct dimension_set_id) as sets, min(date)::text as first, max(date)::text as last from observations where data_source_id = $1`,
      ),
    );
    console.log(
      "daily totals",
      await check(
        `select count(*) as n, sum(rows) as rows, sum(sessions) as sessions, sum(users) as users, sum(new_users) as new_users, sum(revenue) as revenue, sum(conversions) as conversions from observation_daily_totals where data_source_id = $1`,
      ),
    );
    console.log(
      "segment daily",
      await check(
        `select count(*) as n, sum(rows) as rows, sum(sessions) as sessions, sum(revenue) as revenue, sum(new_users) as new_users, sum(pageviews) as pageviews, count(distinct value) as vals, count(distinct dimension) as dims from observation_segment_daily where data_source_id = $1`,
      ),
    );
    console.log(
      "segment weekly",
      await check(
        `select count(*) as n, sum(rows) as rows, sum(sessions) as sessions, sum(revenue) as revenue, sum(engaged_sessions) as engaged from observation_segment_weekly where data_source_id = $1`,
      ),
    );
    console.log("state", await check(`select days, observations from daily_totals_state where data_source_id = $1`));
    await db.end();
  } finally {
    if (!process.argv.includes("--keep")) await database.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

import { spawn } from "node:child_process";
import path from "node:path";
import type pg from "pg";
import { percentile, type Benchmark, type BenchResult } from "./harness";

// The alert check after a daily sync (README "Alerts"): per project, the report's engine on the latest 28 complete
// days with 400 days of history, the alerts of its latest 7 days saved with their report and followers'
// notifications. Each project: an ads account of 20 campaigns by 2 platforms and 2 devices over 37 months (about
// 89,000 rows), one campaign's delivery cut to a quarter 5 days before the last day. Target: under 1 s per project.

const PROJECTS = 6;
const THROUGH = "2026-03-09";
const DAYS = 1125;
const TARGET_MS = 1000;

async function seed(db: pg.Client): Promise<string[]> {
  await db.query(`delete from agencies where name = 'Alerts bench'`);
  const agency = (
    await db.query<{ id: string }>(
      `insert into agencies (name, confirmed_at) values ('Alerts bench', now()) returning id`,
    )
  ).rows[0].id;
  await db.query(
    `insert into users (agency_id, email, password_hash, first_name, last_name, role, onboarding)
     values ($1, 'alerts@bench.local', 'x', 'A', 'B', 'agency', false)
     on conflict (email) do update set agency_id = excluded.agency_id`,
    [agency],
  );
  const client = (
    await db.query<{ id: string }>(`insert into clients (agency_id, name) values ($1, 'Bench client') returning id`, [
      agency,
    ])
  ).rows[0].id;
  const projects: string[] = [];
  for (let p = 0; p < PROJECTS; p++) {
    const project = (
      await db.query<{ id: string }>(
        `insert into client_projects (agency_id, client_id, name, site_type) values ($1, $2, $3, 'ecommerce') returning id`,
        [agency, client, `Alerts bench ${p + 1}`],
      )
    ).rows[0].id;
    const source = (
      await db.query<{ id: string }>(
        `insert into data_sources (agency_id, project_id, source_name, kind, name) values ($1, $2, 'meta-ads', 'meta_ads', 'Meta ads') returning id`,
        [agency, project],
      )
    ).rows[0].id;
    await db.query(`select observations_partition($1)`, [source]);
    await db.query(
      `insert into dimension_sets (project_id, key, campaign, source, device)
       select $1, md5(c::text || s || d), 'Campaign ' || c, s, d
       from generate_series(1, 20) c, unnest(array['facebook', 'instagram']) s, unnest(array['desktop', 'mobile']) d`,
      [project],
    );
    await db.query(`select setseed($1)`, [0.1 + p / 100]);
    // Weekly rhythm and noise; campaign 20's delivery falls to a quarter on the last 5 days.
    await db.query(
      `insert into observations (data_source_id, project_id, date, dimension_set_id, impressions, clicks, cost, conversions, revenue)
       select $1, $2, day, ds.id, round(imp), round(imp * 0.012), round((imp * 0.012 * 0.9)::numeric, 2), round(imp * 0.012 * 0.03),
         round((imp * 0.012 * 0.03 * 55)::numeric, 2)
       from dimension_sets ds,
         generate_series($3::date - ($4::int - 1), $3::date, interval '1 day') day,
         lateral (select (400 + (split_part(ds.campaign, ' ', 2))::int * 60)
           * (case when extract(dow from day) in (0, 6) then 0.8 else 1.05 end)
           * (case when ds.campaign = 'Campaign 20' and day > $3::date - 5 then 0.25 else 1 end)
           * (1 + 0.08 * (random() - 0.5)) as imp) v
       where ds.project_id = $2`,
      [source, project, THROUGH, DAYS],
    );
    await db.query(`update data_sources set updated_at = now() where id = $1`, [source]);
    projects.push(project);
  }
  return projects;
}

async function run(db: pg.Client, databaseUrl: string): Promise<BenchResult[]> {
  const projects = await seed(db);
  const child = spawn(
    path.resolve("node_modules/.bin/tsx"),
    [
      "--conditions=react-server",
      // BENCH_CPU_PROF=<dir>: a CPU profile of the checks (the child's whole run) written there.
      ...(process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      "scripts/bench/alerts-child.ts",
      THROUGH,
      ...projects,
    ],
    {
      stdio: ["ignore", "pipe", "inherit"],
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "bench-secret-bench-secret-bench-secret-0123456789",
        ENCRYPTION_KEY: process.env.ENCRYPTION_KEY ?? "0".repeat(64),
        LOG_LEVEL: "warn",
      },
    },
  );
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  const line = out.trim().split("\n").pop() ?? "";
  if (code !== 0 || !line.startsWith("{"))
    throw new Error(`the alert check process failed (exit ${code}): ${out.slice(-500)}`);
  const result = JSON.parse(line) as {
    first: number[];
    again: number[];
    created: number;
    phases: { loadMs: number; engineMs: number }[];
    threaded: boolean;
  };
  const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const load = mid(result.phases.map((p) => p.loadMs));
  const engine = mid(result.phases.map((p) => p.engineMs));
  const summary = (label: string, ms: number[], note: string): BenchResult => {
    const sorted = [...ms].sort((a, b) => a - b);
    return {
      label,
      n: sorted.length,
      medianMs: percentile(sorted, 50),
      p95Ms: percentile(sorted, 95),
      targetP95Ms: TARGET_MS,
      note,
    };
  };
  return [
    summary(
      "alert check after a sync, per project (37 months x 80 campaign segments)",
      result.first,
      `${result.created} alerts created over ${result.first.length} projects; slowest ${Math.max(...result.first).toFixed(0)} ms; ` +
        `median read ${load} ms, engine ${engine} ms, save ${mid(result.first) - load - engine} ms; ` +
        `segment detections ${result.threaded ? "shared with the detection thread" : "inline (no thread)"}`,
    ),
    summary("alert check, next day (nothing new)", result.again, "no alert created twice"),
  ];
}

export const alertsBenchmark: Benchmark = {
  name: "alerts",
  needsApp: false,
  seed: async () => undefined,
  run: async (ctx) => run(ctx.db, ctx.databaseUrl),
};

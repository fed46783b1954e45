import { spawn } from "node:child_process";
import path from "node:path";
import type pg from "pg";
import { startMetaFake } from "../../e2e/fakes/meta/server";
import type { Benchmark, BenchResult } from "./harness";

// Meta Ads' first import: 37 months of daily Insights for 200 campaigns, by publisher platform and
// device platform (about 1.2 million rows served, 0.8 million stored once mobile app and mobile web
// are one device), through facebook-nodejs-business-sdk against the fake Graph API (async report
// runs of a quarter each, pages of 5,000 rows), synced by a separate process on the worker's code
// path. Needs the database, not the app. Target: under 60 s.

const CAMPAIGNS = 200;
const TODAY = "2026-03-10";
const TARGET_MS = 60_000;

async function createSource(db: pg.Client, fake: Awaited<ReturnType<typeof startMetaFake>>): Promise<string> {
  process.env.ENCRYPTION_KEY ??= "0".repeat(64);
  process.env.NEXTAUTH_SECRET ??= "bench-secret-bench-secret-bench-secret-0123456789";
  process.env.DATABASE_URL ??= "postgres://unused";
  const { encryptSecret } = await import("../../server/auth/encryption");
  // A token from the fake's own login dialog and code exchange.
  const dialog = await (
    await fetch(`${fake.url}v24.0/dialog/oauth?client_id=${fake.appId}&redirect_uri=http://localhost/cb&state=s`)
  ).text();
  const code = new URL(/href="([^"]+)"/.exec(dialog)![1].replaceAll("&amp;", "&")).searchParams.get("code") ?? "";
  const token = (await (
    await fetch(
      `${fake.url}v24.0/oauth/access_token?client_id=${fake.appId}&client_secret=${fake.appSecret}` +
        `&redirect_uri=http://localhost/cb&code=${encodeURIComponent(code)}`,
    )
  ).json()) as { access_token: string };
  const one = async (text: string, values: unknown[]) => (await db.query<{ id: string }>(text, values)).rows[0].id;
  // The bench database is kept between runs: start from a clean agency (its rows cascade).
  await db.query(`delete from users where email = 'meta@bench.local'`);
  await db.query(`delete from agencies where name = 'Meta bench'`);
  const agency = await one(`insert into agencies (name, confirmed_at) values ('Meta bench', now()) returning id`, []);
  const user = await one(
    `insert into users (agency_id, email, password_hash, first_name, last_name, role) values ($1, 'meta@bench.local', 'x', 'M', 'B', 'agency') returning id`,
    [agency],
  );
  const client = await one(`insert into clients (agency_id, name) values ($1, 'Bench client') returning id`, [agency]);
  const project = await one(
    `insert into client_projects (agency_id, client_id, name, site_type) values ($1, $2, 'Meta bench', 'ecommerce') returning id`,
    [agency, client],
  );
  const session = await one(
    `insert into third_party_sessions (agency_id, user_id, type, access_token_encrypted, expires_at)
     values ($1, $2, 'meta', $3, now() + interval '60 days') returning id`,
    [agency, user, encryptSecret(token.access_token)],
  );
  return one(
    `insert into data_sources (agency_id, project_id, source_name, kind, additional, third_party_session_id)
     values ($1, $2, 'meta-ads', 'meta_ads', $3, $4) returning id`,
    [
      agency,
      project,
      JSON.stringify({ integration: "meta", adAccountId: "1122334455", currency: "USD", adAccountName: "Bench" }),
      session,
    ],
  );
}

export async function measureMetaImport(db: pg.Client, databaseUrl: string): Promise<BenchResult[]> {
  const fake = await startMetaFake({ today: TODAY, campaigns: CAMPAIGNS, asyncPolls: 1 });
  try {
    const sourceId = await createSource(db, fake);
    const child = spawn(
      path.resolve("node_modules/.bin/tsx"),
      [
        "--conditions=react-server",
        // BENCH_CPU_PROF=<dir>: the sync process's CPU profile written there, to see where its time goes.
        ...(process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
        "scripts/bench/meta-sync-child.ts",
        sourceId,
        TODAY,
      ],
      {
        stdio: ["ignore", "pipe", "inherit"],
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "bench-secret-bench-secret-bench-secret-0123456789",
          ENCRYPTION_KEY: process.env.ENCRYPTION_KEY ?? "0".repeat(64),
          LOG_LEVEL: "warn",
          META_APP_ID: fake.appId,
          META_APP_SECRET: fake.appSecret,
          META_GRAPH_URL: fake.url,
          META_ASYNC_POLL_MS: "200",
        },
      },
    );
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    const line = out.trim().split("\n").pop() ?? "";
    if (code !== 0 || !line.startsWith("{"))
      throw new Error(`the sync process failed (exit ${code}): ${out.slice(-500)}`);
    const result = JSON.parse(line) as {
      outcome: string;
      rows: number;
      ms: number;
      cpuMs: number;
      peakRssMb: number;
      error?: string;
    };
    if (result.outcome !== "succeeded") throw new Error(`the sync ended ${result.outcome}: ${result.error ?? ""}`);
    const runs = fake.requests.filter((r) => r.startsWith("POST ")).length;
    const pages = fake.requests.filter((r) => /^GET \/v24\.0\/\d+\/insights/.test(r) || r.includes("after=")).length;
    return [
      {
        label: `Meta Ads first import, ${result.rows.toLocaleString("en")} rows (37 months x ${CAMPAIGNS} campaigns by platform and device)`,
        n: 1,
        medianMs: result.ms,
        p95Ms: result.ms,
        targetP95Ms: TARGET_MS,
        note:
          `${Math.round(result.rows / (result.ms / 1000)).toLocaleString("en")} rows/s over ${runs} async report runs ` +
          `and ${pages} pages; worker peak RSS ${result.peakRssMb.toFixed(0)} MB, its CPU ${(result.cpuMs / 1000).toFixed(1)} s`,
      },
    ];
  } finally {
    await fake.close();
  }
}

export const metaBenchmark: Benchmark = {
  name: "meta",
  needsApp: false,
  seed: async () => undefined,
  run: async (ctx) => measureMetaImport(ctx.db, ctx.databaseUrl),
};

import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type pg from "pg";
import { forEachGa4Row, type DataSettings } from "../../e2e/fakes/google/generated-data";
import { startGoogleFake } from "../../e2e/fakes/google/server";
import { addDays } from "../../lib/dates";
import type { Benchmark, BenchResult } from "./harness";

// First import of a GA4 property: 15 months x 2,000 dimension combinations a day (about 912,000
// rows) served by the fake Google servers in pages of 100,000 rows, synced by a separate process
// (the worker's code path: googleapis client, pagination, COPY, one transaction per batch). The
// same rows are then written as a CSV and imported through the upload path, for the ratio of the
// two. Needs the database, not the app.

const COMBINATIONS = 2_000;
const TODAY = "2026-03-10";
const TARGET_MS = 60_000;
const TARGET_RSS_MB = 512;

/** Creates the agency, project, Google sign-in and GA4 source; returns the source id. */
async function createSource(db: pg.Client, fakeUrl: string, clientId: string, clientSecret: string): Promise<string> {
  // The tokens are encrypted with the key the app and the sync process use.
  process.env.ENCRYPTION_KEY ??= "0".repeat(64);
  process.env.NEXTAUTH_SECRET ??= "bench-secret-bench-secret-bench-secret-0123456789";
  process.env.DATABASE_URL ??= "postgres://unused";
  const { encryptSecret } = await import("../../server/auth/encryption");
  const consent = await fetch(
    `${fakeUrl}o/oauth2/v2/auth?client_id=${encodeURIComponent(clientId)}&redirect_uri=http://localhost/cb&scope=x`,
    { redirect: "manual" },
  );
  const code = new URL(consent.headers.get("location") ?? "").searchParams.get("code") ?? "";
  const tokens = (await (
    await fetch(`${fakeUrl}token`, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: "http://localhost/cb",
        client_id: clientId,
        client_secret: clientSecret,
      }),
    })
  ).json()) as { access_token: string; refresh_token: string; expires_in: number };
  const one = async (text: string, values: unknown[]) => (await db.query<{ id: string }>(text, values)).rows[0].id;
  // The bench database is kept between runs: start from a clean agency (its rows cascade).
  await db.query(`delete from users where email = 'google@bench.local'`);
  await db.query(`delete from agencies where name = 'Google bench'`);
  const agency = await one(`insert into agencies (name, confirmed_at) values ('Google bench', now()) returning id`, []);
  const user = await one(
    `insert into users (agency_id, email, password_hash, first_name, last_name, role) values ($1, 'google@bench.local', 'x', 'G', 'B', 'agency') returning id`,
    [agency],
  );
  const client = await one(`insert into clients (agency_id, name) values ($1, 'Bench client') returning id`, [agency]);
  const project = await one(
    `insert into client_projects (agency_id, client_id, name, site_type) values ($1, $2, 'GA4 bench', 'ecommerce') returning id`,
    [agency, client],
  );
  const session = await one(
    `insert into third_party_sessions (agency_id, user_id, type, access_token_encrypted, refresh_token_encrypted, expires_at)
     values ($1, $2, 'google', $3, $4, now() + interval '1 hour') returning id`,
    [agency, user, encryptSecret(tokens.access_token), encryptSecret(tokens.refresh_token)],
  );
  return one(
    `insert into data_sources (agency_id, project_id, source_name, kind, sub_type, additional, third_party_session_id)
     values ($1, $2, 'analytics-4', 'google', 'analytic-4', $3, $4) returning id`,
    [agency, project, JSON.stringify({ analyticProperty: "properties/1001" }), session],
  );
}

/** Runs the import against `databaseUrl` and returns the bench lines. */
export async function measureGoogleImport(db: pg.Client, databaseUrl: string): Promise<BenchResult[]> {
  const fake = await startGoogleFake({
    ga4CombinationsPerDay: COMBINATIONS,
    historyDays: 500,
    today: TODAY,
    maxPageRows: 100_000,
  });
  try {
    const sourceId = await createSource(db, fake.url, fake.state.clientId, fake.state.clientSecret);
    const child = spawn(
      path.resolve("node_modules/.bin/tsx"),
      ["--conditions=react-server", "scripts/bench/google-sync-child.ts", sourceId, TODAY],
      {
        stdio: ["ignore", "pipe", "inherit"],
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "bench-secret-bench-secret-bench-secret-0123456789",
          ENCRYPTION_KEY: process.env.ENCRYPTION_KEY ?? "0".repeat(64),
          LOG_LEVEL: "warn",
          GOOGLE_CLIENT_ID: fake.state.clientId,
          GOOGLE_CLIENT_SECRET: fake.state.clientSecret,
          GOOGLE_OAUTH_URL: fake.url,
          GOOGLE_API_ROOT_URL: fake.url,
          GOOGLE_ADS_API_URL: fake.url,
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
      startDate: string;
      endDate: string;
      ms: number;
      peakRssMb: number;
    };
    if (result.outcome !== "succeeded") throw new Error(`the sync ended ${result.outcome}`);
    const pages = fake.requests(/runReport/).length;
    const csv = await csvIngestOfSameRows(db, databaseUrl, fake.state.settings, result.startDate, result.endDate);
    const ratio = result.ms / csv.ms;
    return [
      {
        label: `GA4 first import, ${result.rows.toLocaleString("en")} rows (15 months x ${COMBINATIONS.toLocaleString("en")} combinations a day)`,
        n: 1,
        medianMs: result.ms,
        p95Ms: result.ms,
        targetP95Ms: TARGET_MS,
        note:
          `${Math.round(result.rows / (result.ms / 1000)).toLocaleString("en")} rows/s over ${pages} runReport pages; ` +
          `worker peak RSS ${result.peakRssMb.toFixed(0)} MB (target under ${TARGET_RSS_MB} MB` +
          `${result.peakRssMb < TARGET_RSS_MB ? ": met" : ": NOT met"}); ` +
          `${ratio.toFixed(2)}x the time of the CSV ingest of the same rows`,
      },
      {
        label: `CSV ingest of the same ${csv.rows.toLocaleString("en")} rows (upload path, in process)`,
        n: 1,
        medianMs: csv.ms,
        p95Ms: csv.ms,
        note: `${Math.round(csv.rows / (csv.ms / 1000)).toLocaleString("en")} rows/s`,
      },
    ];
  } finally {
    await fake.close();
  }
}

const CSV_HEADER =
  "date,channel,source,medium,campaign,device,country,landingPage," +
  "sessions,users,newUsers,engagedSessions,pageviews,conversions,transactions,revenue\n";
const DIMENSIONS = [
  "sessionDefaultChannelGroup",
  "sessionSource",
  "sessionMedium",
  "sessionCampaignName",
  "deviceCategory",
  "country",
  "landingPage",
];
const METRICS = [
  "sessions",
  "totalUsers",
  "newUsers",
  "engagedSessions",
  "screenPageViews",
  "keyEvents",
  "transactions",
  "purchaseRevenue",
];
const quote = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/** Writes what the fake served for the imported days as an upload CSV and imports it into an upload source. */
async function csvIngestOfSameRows(
  db: pg.Client,
  databaseUrl: string,
  settings: DataSettings,
  start: string,
  end: string,
): Promise<{ rows: number; ms: number }> {
  const file = path.resolve(".data/bench/google-same-rows.csv");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const out = fs.createWriteStream(file);
  out.write(CSV_HEADER);
  let rows = 0;
  for (let day = start; day <= end; day = addDays(day, 1)) {
    let piece = "";
    forEachGa4Row(settings, "properties/1001", day, (r) => {
      rows++;
      piece += `${day},${DIMENSIONS.map((d) => quote(r.dimensions[d])).join(",")},${METRICS.map((m) => r.metrics[m]).join(",")}\n`;
    });
    if (!out.write(piece)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
  }
  out.end();
  await new Promise<void>((resolve) => out.on("finish", () => resolve()));
  const one = async (text: string, values: unknown[]) => (await db.query<{ id: string }>(text, values)).rows[0].id;
  const project = await one(`select project_id as id from data_sources where sub_type = 'analytic-4' limit 1`, []);
  const agency = await one(`select agency_id as id from client_projects where id = $1`, [project]);
  const source = await one(
    `insert into data_sources (agency_id, project_id, source_name, kind, name) values ($1, $2, 'upload', 'own', 'Same rows as CSV') returning id`,
    [agency, project],
  );
  const { importCsv } = await import("../../server/services/data-sources/upload/import-csv");
  const started = performance.now();
  const summary = await importCsv(fs.createReadStream(file, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>, {
    dataSourceId: source,
    projectId: project,
    connectionString: databaseUrl,
  });
  const ms = performance.now() - started;
  if (summary.rows !== rows) throw new Error(`the CSV ingest imported ${summary.rows} of ${rows} rows`);
  return { rows, ms };
}

export const googleBenchmark: Benchmark = {
  name: "google",
  needsApp: false,
  seed: async () => undefined,
  run: async (ctx) => measureGoogleImport(ctx.db, ctx.databaseUrl),
};

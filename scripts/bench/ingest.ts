import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type pg from "pg";
import { addDays } from "../../lib/dates";
import { hashPassword } from "../../server/auth/password";
import type { Benchmark, BenchResult } from "./harness";

// 1,000,000 rows: 730 days × 1,370 combinations of channel (8) × device (3) × country (58), 8 metrics.
const ROWS = 1_000_000;
const DAYS = 730;
const CHANNELS = ["Organic Search", "Paid Search", "Direct", "Referral", "Email", "Social", "Display", "(not set)"];
const DEVICES = ["desktop", "mobile", "tablet"];
const COUNTRIES = Array.from({ length: 58 }, (_, i) => `Country ${String.fromCharCode(65 + (i % 26))}${i}`);
const COMBOS_PER_DAY = Math.ceil(ROWS / DAYS);
const HEADER =
  "date,channel,device,country,sessions,users,newUsers,engagedSessions,pageviews,conversions,transactions,revenue\n";
const TARGET_MS = 20_000;

const EMAIL = "ingest@bench.local";
const PASSWORD = "Bench123!";
const csvPath = path.resolve(".data/bench/ingest-1m.csv");
const ids = { http: "", direct: "", httpProject: "", directProject: "" };

/** Writes the CSV to disk in 1 MB pieces (a cheap deterministic hash stands in for randomness). */
async function writeCsv(): Promise<void> {
  fs.mkdirSync(path.dirname(csvPath), { recursive: true });
  const out = fs.createWriteStream(csvPath);
  out.write(HEADER);
  let piece = "";
  for (let i = 0; i < ROWS; i++) {
    const day = Math.floor(i / COMBOS_PER_DAY);
    const combo = i % COMBOS_PER_DAY;
    const date = addDays("2023-01-01", day);
    const h = Math.imul(i + 1, 2654435761) >>> 0;
    const sessions = 20 + (h % 400);
    const users = Math.round(sessions * 0.8);
    const conversions = h % 9;
    piece += `${date},${CHANNELS[combo % 8]},${DEVICES[Math.floor(combo / 8) % 3]},${COUNTRIES[Math.floor(combo / 24) % 58]},${sessions},${users},${Math.round(users * 0.6)},${Math.round(sessions * 0.55)},${sessions * 3},${conversions},${h % 4},${((h % 4) * 49.9).toFixed(2)}\n`;
    if (piece.length > 1 << 20) {
      if (!out.write(piece)) await new Promise<void>((r) => out.once("drain", () => r()));
      piece = "";
    }
  }
  out.end(piece);
  await new Promise<void>((r) => out.on("finish", () => r()));
}

async function seed(db: pg.Client): Promise<void> {
  const started = Date.now();
  await writeCsv();
  console.log(
    `[bench] ingest: wrote ${(fs.statSync(csvPath).size / 1024 / 1024).toFixed(0)} MB CSV (${ROWS} rows) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const hash = await hashPassword(PASSWORD);
  const one = async <T>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows[0] as T;
  const agency = await one<{ id: string }>(
    `insert into agencies (name, confirmed_at, subscription_status, project_limit) values ('Ingest Agency', now(), 'full', 100) returning id`,
  );
  await db.query(
    `insert into users (agency_id, email, password_hash, first_name, last_name, role, onboarding) values ($1, $2, $3, 'Ingest', 'Admin', 'agency', false)`,
    [agency.id, EMAIL, hash],
  );
  const client = await one<{ id: string }>(
    `insert into clients (agency_id, name) values ($1, 'Ingest Client') returning id`,
    [agency.id],
  );
  for (const which of ["http", "direct"] as const) {
    const project = await one<{ id: string }>(
      `insert into client_projects (agency_id, client_id, name, site_type) values ($1, $2, $3, 'ecommerce') returning id`,
      [agency.id, client.id, `Ingest ${which}`],
    );
    const source = await one<{ id: string }>(
      `insert into data_sources (agency_id, project_id, source_name, kind, name) values ($1, $2, 'upload', 'own', $3) returning id`,
      [agency.id, project.id, `Bench ${which}`],
    );
    ids[which] = source.id;
    ids[`${which}Project`] = project.id;
  }
}

/** The file as a multipart/form-data body, streamed from disk, with its exact Content-Length. */
function multipartFromDisk(): { body: ReadableStream<Uint8Array>; length: number; boundary: string } {
  const boundary = "----funnelwise-bench-boundary";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ingest-1m.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = fs.statSync(csvPath).size;
  async function* parts() {
    yield head;
    yield* fs.createReadStream(csvPath, { highWaterMark: 1 << 20 });
    yield tail;
  }
  return {
    body: Readable.toWeb(Readable.from(parts())) as ReadableStream<Uint8Array>,
    length: head.length + size + tail.length,
    boundary,
  };
}

/** The bench database's URL, from the harness's connected client. */
function connectionString(db: pg.Client): string {
  const p = (
    db as unknown as {
      connectionParameters: { user: string; password?: string; host: string; port: number; database: string };
    }
  ).connectionParameters;
  const auth = p.password
    ? `${encodeURIComponent(p.user)}:${encodeURIComponent(p.password)}`
    : encodeURIComponent(p.user);
  return `postgres://${auth}@${p.host}:${p.port}/${p.database}`;
}

const result = (label: string, ms: number, note: string): BenchResult => ({
  label,
  n: 1,
  medianMs: ms,
  p95Ms: ms,
  targetP95Ms: TARGET_MS,
  note,
});

async function run({ baseUrl, db, login }: Parameters<Benchmark["run"]>[0]): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const token = await login(EMAIL, PASSWORD);
  const mb = (fs.statSync(csvPath).size / 1024 / 1024).toFixed(0);

  // Through the running app: multipart over HTTP, busboy, the parser, COPY and the merge.
  const { body, length, boundary } = multipartFromDisk();
  let started = performance.now();
  const res = await fetch(`${baseUrl}/api/data-sources/${ids.http}/upload`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": String(length),
    },
    body,
    duplex: "half",
  } as RequestInit);
  const answer = (await res.json()) as { rows?: number; message?: string };
  const httpMs = performance.now() - started;
  if (!res.ok || answer.rows !== ROWS)
    throw new Error(`ingest over HTTP answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  // The machine's load matters on a 2-core box: print it beside the figures.
  const load = `load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`;
  results.push(
    result(
      `CSV ingest over HTTP (${ROWS.toLocaleString("en")} rows, ${mb} MB)`,
      httpMs,
      `${Math.round(ROWS / (httpMs / 1000)).toLocaleString("en")} rows/s, ${(httpMs / 1000).toFixed(1)} s, ${load}`,
    ),
  );

  // The same file through the service in this process: what the import itself costs, without HTTP.
  const { importCsv } = await import("../../server/services/data-sources/upload/import-csv");
  const phases = new Map<string, number>();
  started = performance.now();
  const summary = await importCsv(fs.createReadStream(csvPath, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>, {
    dataSourceId: ids.direct,
    projectId: ids.directProject,
    connectionString: connectionString(db),
    onPhase: (phase, ms) => void phases.set(phase, (phases.get(phase) ?? 0) + ms),
  });
  const directMs = performance.now() - started;
  if (summary.rows !== ROWS) throw new Error(`direct ingest imported ${summary.rows} rows`);
  results.push(
    result(
      `CSV ingest via the service, no HTTP (${ROWS.toLocaleString("en")} rows)`,
      directMs,
      `${Math.round(ROWS / (directMs / 1000)).toLocaleString("en")} rows/s, ${(directMs / 1000).toFixed(1)} s (${listPhases(phases)})`,
    ),
  );

  // Again into the project that now has data (every day replaced, its dimension sets known): the
  // case where stale statistics once made the merge loop for minutes.
  const again = new Map<string, number>();
  started = performance.now();
  const replaced = await importCsv(fs.createReadStream(csvPath, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>, {
    dataSourceId: ids.direct,
    projectId: ids.directProject,
    connectionString: connectionString(db),
    onPhase: (phase, ms) => void again.set(phase, (again.get(phase) ?? 0) + ms),
  });
  const againMs = performance.now() - started;
  if (replaced.rows !== ROWS) throw new Error(`second direct ingest imported ${replaced.rows} rows`);

  // The floor: PostgreSQL reading the same file itself into an unlogged table of the same columns.
  const floorMs = await serverSideCopyMs(db);
  const ratio = (ms: number) => (floorMs === null ? "n/a" : `${(ms / floorMs).toFixed(1)}× (target ≤ 2×)`);
  results[0].note += `; vs server-side COPY ${ratio(httpMs)}`;
  results[1].note += `; vs server-side COPY ${ratio(directMs)}`;
  results.push(
    result(
      `CSV ingest via the service into a project that has the data already (${ROWS.toLocaleString("en")} rows replaced)`,
      againMs,
      `${(againMs / 1000).toFixed(1)} s (${listPhases(again)}); vs server-side COPY ${ratio(againMs)}`,
    ),
  );
  console.log(
    `[bench] ingest floor: server-side COPY of the CSV into an unlogged table ${floorMs === null ? "not allowed here" : `${(floorMs / 1000).toFixed(1)} s`}`,
  );

  // Only this benchmark's two sources: the other benchmarks' observations share the database.
  const { rows } = await db.query<{ n: number }>(
    "select count(*)::int as n from observations where data_source_id = any($1::uuid[])",
    [[ids.http, ids.direct]],
  );
  if (rows[0].n !== 2 * ROWS) throw new Error(`expected ${2 * ROWS} observations, found ${rows[0].n}`);
  return results;
}

/** Phases of at least 50 ms, a phase run several times (each chunk's merge) summed. */
function listPhases(phases: Map<string, number>): string {
  return [...phases]
    .filter(([, ms]) => ms >= 50)
    .map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(1)} s`)
    .join("; ");
}

/** Milliseconds for the server to COPY the CSV into an unlogged table (null when it may not read the file). */
async function serverSideCopyMs(db: pg.Client): Promise<number | null> {
  const columns = HEADER.trim()
    .split(",")
    .map(
      (c) =>
        `"${c}" ${c === "date" ? "date" : c === "channel" || c === "device" || c === "country" ? "text" : "double precision"}`,
    );
  await db.query(`create unlogged table if not exists bench_copy_floor (${columns.join(", ")})`);
  try {
    await db.query("truncate bench_copy_floor");
    const started = performance.now();
    await db.query(`copy bench_copy_floor from '${csvPath.replace(/'/g, "''")}' with (format csv, header true)`);
    return performance.now() - started;
  } catch (error) {
    console.log(`[bench] server-side COPY failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  } finally {
    await db.query("drop table if exists bench_copy_floor");
  }
}

export const ingestBenchmark: Benchmark = { name: "ingest", seed, run };

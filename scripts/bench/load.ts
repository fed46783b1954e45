import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type pg from "pg";
import { addDays, todayIn } from "../../lib/dates";
import { hashPassword } from "../../server/auth/password";
import { measure, percentile, type Benchmark, type BenchResult } from "./harness";

// Many users reading at once, cycling over the read API a user's screens call: the dashboard
// (clients with their projects), a project, a report and its insights. Three measures: each route
// alone (one client, no queueing), the saturation throughput (LOAD_CLIENTS clients sending without
// pause for LOAD_SATURATION_SECONDS), and the target: LOAD_CLIENTS (200) users for LOAD_SECONDS
// (60 s), each pausing about LOAD_THINK_MS (1 s) between requests (docs/decisions/0015-load-test-model.md).
// Data: an agency with 60 clients of 3 projects each; one project holds a year of daily
// observations (400 combinations) and a report generated through the app before the load starts.

const EMAIL = "admin@load.bench";
const PASSWORD = "Bench123!";
const CLIENTS = Number(process.env.LOAD_CLIENTS || 200);
const SECONDS = Number(process.env.LOAD_SECONDS || 60);
const TARGET_P95_MS = 150;
const SINGLE_COUNT = Number(process.env.LOAD_SINGLE_COUNT || 100);
/** The saturation run: every client sends its next request as soon as the answer arrives. */
const SATURATION_SECONDS = Number(process.env.LOAD_SATURATION_SECONDS || 20);
/** A user's mean pause between requests (see docs/decisions/0015-load-test-model.md). */
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 1000);
const DAYS = 365;
const COMBOS = 400;

let agencyId = "";
let projectId = "";
let lastDay = "";

async function seed(db: pg.Client): Promise<void> {
  lastDay = addDays(todayIn("UTC"), -1);
  await db.query("begin");
  await db.query("select setseed(0.17)");
  agencyId = await seedAgency(db, {
    name: "Load Bench",
    email: EMAIL,
    password: PASSWORD,
    clients: 60,
    projectsPerClient: 3,
  });
  const project = await db.query<{ id: string }>(
    `select id from client_projects where agency_id = $1 order by name limit 1`,
    [agencyId],
  );
  projectId = project.rows[0].id;
  await seedProjectData(db, { agencyId, projectId, days: DAYS, combos: COMBOS, lastDay });
  await db.query("commit");
  await db.query("vacuum analyze");
}

/** An agency on the full plan, its admin (`email`), `clients` clients of `projectsPerClient` shop projects each. */
export async function seedAgency(
  db: pg.Client,
  options: { name: string; email: string; password: string; clients: number; projectsPerClient: number },
): Promise<string> {
  const agency = await db.query<{ id: string }>(
    `insert into agencies (name, confirmed_at, subscription_status, project_limit) values ($1, now(), 'full', 1000) returning id`,
    [options.name],
  );
  const agencyId = agency.rows[0].id;
  await db.query(
    `insert into users (agency_id, email, password_hash, first_name, last_name, role, onboarding) values ($1, $2, $3, 'Load', 'Bench', 'agency', false)`,
    [agencyId, options.email, await hashPassword(options.password)],
  );
  await db.query(`insert into clients (agency_id, name) select $1, 'Client ' || i from generate_series(1, $2::int) i`, [
    agencyId,
    options.clients,
  ]);
  await db.query(
    `insert into client_projects (agency_id, client_id, name, site_type, url, currency)
     select $1, c.id, c.name || ' site ' || p, 'ecommerce', 'https://site' || p || '.example', 'EUR'
     from clients c cross join generate_series(1, $2::int) p where c.agency_id = $1`,
    [agencyId, options.projectsPerClient],
  );
  return agencyId;
}

/** A project's upload source with `days` daily observations (to `lastDay`) of `combos` channel/device/page rows. */
export async function seedProjectData(
  db: pg.Client,
  {
    agencyId,
    projectId,
    days,
    combos,
    lastDay,
  }: { agencyId: string; projectId: string; days: number; combos: number; lastDay: string },
): Promise<void> {
  const source = await db.query<{ id: string }>(
    `insert into data_sources (agency_id, project_id, source_name, name, kind) values ($1, $2, 'upload', 'Analytics', 'own') returning id`,
    [agencyId, projectId],
  );
  await db.query(
    `insert into dimension_sets (project_id, key, channel, device, landing_page)
     select $1, md5('l' || i), (array['Organic Search','Paid Search','Direct','Email','Social'])[1 + i % 5],
            (array['desktop','mobile','tablet'])[1 + i % 3], '/page/' || i
     from generate_series(0, ${combos - 1}) i`,
    [projectId],
  );
  await db.query("select observations_partition($1)", [source.rows[0].id]);
  await db.query(
    `insert into observations (data_source_id, project_id, date, dimension_set_id, sessions, engaged_sessions, conversions, transactions, revenue)
     select $1, $2, d::date, s.id, v.sessions, round(v.sessions * 0.6), round(v.sessions * 0.03), round(v.sessions * 0.02), round(v.sessions * 1.5)
     from generate_series($3::date - ${days - 1}, $3::date, interval '1 day') d
     cross join dimension_sets s
     cross join lateral (select round(20 + 80 * random()) as sessions) v
     where s.project_id = $2`,
    [source.rows[0].id, projectId, lastDay],
  );
}

/** A report on the project's last 28 days, added through the app and followed until the worker made it ready. */
export async function readyReport(
  baseUrl: string,
  headers: Record<string, string>,
  { projectId, lastDay }: { projectId: string; lastDay: string },
): Promise<string> {
  const res = await fetch(`${baseUrl}/api/properties/${projectId}/reports/add`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ periodStart: addDays(lastDay, -27), periodEnd: lastDay, compareTo: "previous_period" }),
  });
  const created = (await res.json()) as { _id: string };
  if (res.status !== 202) throw new Error(`report add answered ${res.status}: ${JSON.stringify(created)}`);
  const started = Date.now();
  for (;;) {
    const report = (await (await fetch(`${baseUrl}/api/reports/${created._id}`, { headers })).json()) as {
      status: string;
      error?: string;
    };
    if (report.status === "ready") return created._id;
    if (report.status === "failed") throw new Error(`report failed: ${report.error}`);
    if (Date.now() - started > 180_000) throw new Error("report not ready after 3 minutes");
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const loadBenchmark: Benchmark = {
  name: "load",
  seed,
  run: async ({ baseUrl, login }) => {
    const headers = { authorization: `Bearer ${await login(EMAIL, PASSWORD)}` };
    const reportId = await readyReport(baseUrl, headers, { projectId, lastDay });
    const routes: [string, string][] = [
      ["dashboard", `/api/agencies/${agencyId}/clients`],
      ["project", `/api/properties/${projectId}`],
      ["report", `/api/reports/${reportId}`],
      ["insights", `/api/insights/properties/${projectId}?reportId=${reportId}`],
    ];
    // One client alone first: each route's own cost, without queueing, and the size of its answer.
    const alone: BenchResult[] = [];
    for (const [name, path] of routes) {
      const size = (await (await fetch(`${baseUrl}${path}`, { headers })).arrayBuffer()).byteLength;
      for (let i = 0; i < 10; i++) await (await fetch(`${baseUrl}${path}`, { headers })).arrayBuffer();
      const cpu = cpuNow();
      const result = await measure(`load: ${name} alone (1 client)`, { count: SINGLE_COUNT, warmup: 0 }, () =>
        fetch(`${baseUrl}${path}`, { headers }),
      );
      alone.push({ ...result, note: `${(size / 1024).toFixed(1)} KiB a response; ${cpuNote(cpu, SINGLE_COUNT)}` });
    }
    const saturation = await drive(baseUrl, headers, routes, {
      clients: CLIENTS,
      seconds: SATURATION_SECONDS,
      thinkMs: 0,
    });
    const users = await drive(baseUrl, headers, routes, { clients: CLIENTS, seconds: SECONDS, thinkMs: THINK_MS });
    const results: BenchResult[] = [
      ...alone,
      {
        ...summary(saturation.all),
        label: `load: saturation, ${CLIENTS} clients without pause for ${SATURATION_SECONDS} s, all routes`,
        note: `${saturation.throughput.toFixed(0)} requests/s (the server's capacity); errors: ${saturation.errorText}; ${saturation.cpu}`,
      },
      {
        ...summary(users.all),
        label: `load: ${CLIENTS} concurrent users pausing ${THINK_MS / 2}-${(THINK_MS * 3) / 2} ms between requests for ${SECONDS} s, all routes`,
        targetP95Ms: TARGET_P95_MS,
        note: `${users.throughput.toFixed(0)} requests/s; errors: ${users.errorText}; ${users.cpu}`,
      },
    ];
    for (const [name, list] of users.times) results.push({ ...summary(list), label: `load: users, ${name}` });
    return results;
  },
};

export function summary(times: number[]): BenchResult {
  const sorted = [...times].sort((a, b) => a - b);
  return { label: "", n: sorted.length, medianMs: percentile(sorted, 50), p95Ms: percentile(sorted, 95) };
}

/**
 * `clients` virtual users, each cycling over the routes for `seconds`: after each answer the user
 * pauses a random time between half and one and a half `thinkMs` (none when 0), like a person
 * reading a screen; with a pause, each starts after a random part of one, so they do not all
 * arrive together. Latency is measured from sending to the last byte of the answer.
 */
async function drive(
  baseUrl: string,
  headers: Record<string, string>,
  routes: [string, string][],
  { clients, seconds, thinkMs }: { clients: number; seconds: number; thinkMs: number },
) {
  // One kept-alive connection per user, as a browser keeps one open to the app.
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const retried = { n: 0 };
  const times = new Map<string, number[]>(routes.map(([name]) => [name, []]));
  const errors = new Map<string, number>();
  const pause = (scale: number) => new Promise((r) => setTimeout(r, thinkMs * scale));
  const cpu = cpuNow();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const client = async (n: number) => {
    if (thinkMs > 0) await pause(Math.random());
    for (let i = n; performance.now() < deadline; i++) {
      const [name, path] = routes[i % routes.length];
      const sent = performance.now();
      try {
        const { status } = await get(agent, `${baseUrl}${path}`, headers, retried);
        if (status < 200 || status > 299) errors.set(`${name} ${status}`, (errors.get(`${name} ${status}`) ?? 0) + 1);
      } catch (error) {
        const key = `${name} ${error instanceof Error ? error.message : String(error)}`;
        errors.set(key, (errors.get(key) ?? 0) + 1);
      }
      times.get(name)!.push(performance.now() - sent);
      if (thinkMs > 0) await pause(0.5 + Math.random());
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, n) => client(n)));
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  const all = [...times.values()].flat();
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  return {
    times,
    all,
    throughput: all.length / elapsed,
    cpu: cpuNote(cpu, all.length),
    errorText:
      (errorCount ? [...errors].map(([k, v]) => `${k}: ${v}`).join(", ") : "none") +
      (retried.n ? ` (${retried.n} sent again after a kept-alive connection closed)` : ""),
  };
}

/**
 * A GET through node:http, read to the end; resolves to the status. Lighter than fetch: the load
 * generator shares the machine's cores with the app, so what it spends the app does not get. A
 * request on a kept-alive connection that the server closed meanwhile (its keep-alive timer and the
 * request crossed) is sent again once on a new connection, as browsers do (Node's `reusedSocket`
 * advice); `retried` counts them.
 */
export function get(
  agent: http.Agent,
  url: string,
  headers: Record<string, string>,
  retried: { n: number },
): Promise<{ status: number; etag?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.on("data", () => undefined);
      res.on("end", () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag }));
      res.on("error", reject);
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (req.reusedSocket && error.code === "ECONNRESET" && retried.n >= 0) {
        retried.n++;
        get(agent, url, headers, { n: -1 }).then(resolve, reject);
      } else reject(error);
    });
  });
}

/**
 * CPU time (ms) used so far by each of this checkout's web processes and the bench database's
 * PostgreSQL processes, by pid, read from /proc (Linux; null elsewhere). Noisy machines make
 * latencies wander, CPU time per request much less: it says what a request costs.
 */
export type CpuReading = Map<string, { db: boolean; ms: number }>;
export function cpuNow(): CpuReading | null {
  if (!fs.existsSync("/proc/self/stat")) return null;
  const ticksMs = 10; // USER_HZ is 100 on Linux
  const cwd = process.cwd();
  const pgDir = path.resolve(".data/bench/pg");
  const reading: CpuReading = new Map();
  for (const pid of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const procCwd = fs.readlinkSync(`/proc/${pid}/cwd`);
      if (procCwd !== cwd && procCwd !== pgDir) continue;
      if (procCwd === cwd && !fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("web-server.mjs")) continue;
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      reading.set(pid, { db: procCwd === pgDir, ms: (Number(fields[11]) + Number(fields[12])) * ticksMs });
    } catch {
      // gone, or not ours to read
    }
  }
  const self = process.cpuUsage();
  reading.set("bench", { db: false, ms: (self.user + self.system) / 1000 });
  return reading;
}

/** CPU (ms) a request cost the web processes, PostgreSQL and the load generator since a cpuNow() reading. */
export function cpuPerRequest(
  before: CpuReading | null,
  requests: number,
): { web: number; db: number; bench: number } | null {
  const after = cpuNow();
  if (!before || !after || requests === 0) return null;
  const self = process.cpuUsage();
  const bench = (self.user + self.system) / 1000 - (before.get("bench")?.ms ?? 0);
  let web = 0;
  let db = 0;
  for (const [pid, { db: isDb, ms }] of after) {
    if (pid === "bench") continue;
    const used = ms - (before.get(pid)?.ms ?? 0);
    if (isDb) db += used;
    else web += used;
  }
  return { web: web / requests, db: db / requests, bench: bench / requests };
}

/** CPU per request since a cpuNow() reading (processes that ended meanwhile are left out), as a note. */
export function cpuNote(before: CpuReading | null, requests: number): string {
  const cost = cpuPerRequest(before, requests);
  return cost ? cpuText(cost) : "";
}

export const cpuText = (cost: { web: number; db: number; bench: number }) =>
  `CPU a request: web ${cost.web.toFixed(1)} ms, PostgreSQL ${cost.db.toFixed(1)} ms, load generator ${cost.bench.toFixed(1)} ms`;

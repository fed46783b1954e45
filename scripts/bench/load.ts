import type pg from "pg";
import { addDays, todayIn } from "../../lib/dates";
import { hashPassword } from "../../server/auth/password";
import { measure, percentile, type Benchmark, type BenchResult } from "./harness";

// Many users reading at once: LOAD_CLIENTS (200) concurrent clients, each sending one request after
// the other for LOAD_SECONDS (60 s), cycling over the read API a user's screens call: the dashboard
// (clients with their projects), a project, a report and its insights. Data: an agency with 60
// clients of 3 projects each; one project holds a year of daily observations (400 combinations)
// and a report generated through the app before the load starts.

const EMAIL = "admin@load.bench";
const PASSWORD = "Bench123!";
const CLIENTS = Number(process.env.LOAD_CLIENTS || 200);
const SECONDS = Number(process.env.LOAD_SECONDS || 60);
const TARGET_P95_MS = 150;
const SINGLE_COUNT = Number(process.env.LOAD_SINGLE_COUNT || 100);
const DAYS = 365;
const COMBOS = 400;

let agencyId = "";
let projectId = "";
let lastDay = "";

async function seed(db: pg.Client): Promise<void> {
  const hash = await hashPassword(PASSWORD);
  lastDay = addDays(todayIn("UTC"), -1);
  await db.query("begin");
  await db.query("select setseed(0.17)");
  const agency = await db.query<{ id: string }>(
    `insert into agencies (name, confirmed_at, subscription_status, project_limit) values ('Load Bench', now(), 'full', 1000) returning id`,
  );
  agencyId = agency.rows[0].id;
  await db.query(
    `insert into users (agency_id, email, password_hash, first_name, last_name, role, onboarding) values ($1, $2, $3, 'Load', 'Bench', 'agency', false)`,
    [agencyId, EMAIL, hash],
  );
  await db.query(`insert into clients (agency_id, name) select $1, 'Client ' || i from generate_series(1, 60) i`, [
    agencyId,
  ]);
  await db.query(
    `insert into client_projects (agency_id, client_id, name, site_type, url, currency)
     select $1, c.id, c.name || ' site ' || p, 'ecommerce', 'https://site' || p || '.example', 'EUR'
     from clients c cross join generate_series(1, 3) p where c.agency_id = $1`,
    [agencyId],
  );
  const project = await db.query<{ id: string }>(
    `select id from client_projects where agency_id = $1 order by name limit 1`,
    [agencyId],
  );
  projectId = project.rows[0].id;
  const source = await db.query<{ id: string }>(
    `insert into data_sources (agency_id, project_id, source_name, name, kind) values ($1, $2, 'upload', 'Analytics', 'own') returning id`,
    [agencyId, projectId],
  );
  await db.query(
    `insert into dimension_sets (project_id, key, channel, device, landing_page)
     select $1, md5('l' || i), (array['Organic Search','Paid Search','Direct','Email','Social'])[1 + i % 5],
            (array['desktop','mobile','tablet'])[1 + i % 3], '/page/' || i
     from generate_series(0, ${COMBOS - 1}) i`,
    [projectId],
  );
  await db.query(
    `insert into observations (data_source_id, project_id, date, dimension_set_id, sessions, engaged_sessions, conversions, transactions, revenue)
     select $1, $2, d::date, s.id, v.sessions, round(v.sessions * 0.6), round(v.sessions * 0.03), round(v.sessions * 0.02), round(v.sessions * 1.5)
     from generate_series($3::date - ${DAYS - 1}, $3::date, interval '1 day') d
     cross join dimension_sets s
     cross join lateral (select round(20 + 80 * random()) as sessions) v
     where s.project_id = $2`,
    [source.rows[0].id, projectId, lastDay],
  );
  await db.query("commit");
  await db.query("vacuum analyze");
}

async function readyReport(baseUrl: string, headers: Record<string, string>): Promise<string> {
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
    const reportId = await readyReport(baseUrl, headers);
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
      const result = await measure(`load: ${name} alone (1 client)`, { count: SINGLE_COUNT, warmup: 10 }, () =>
        fetch(`${baseUrl}${path}`, { headers }),
      );
      alone.push({ ...result, note: `${(size / 1024).toFixed(1)} KiB a response` });
    }
    const times = new Map<string, number[]>(routes.map(([name]) => [name, []]));
    const errors = new Map<string, number>();
    const deadline = performance.now() + SECONDS * 1000;
    const client = async (n: number) => {
      for (let i = n; performance.now() < deadline; i++) {
        const [name, path] = routes[i % routes.length];
        const started = performance.now();
        try {
          const res = await fetch(`${baseUrl}${path}`, { headers });
          await res.arrayBuffer();
          if (!res.ok) errors.set(`${name} ${res.status}`, (errors.get(`${name} ${res.status}`) ?? 0) + 1);
        } catch (error) {
          const key = `${name} ${error instanceof Error ? error.message : String(error)}`;
          errors.set(key, (errors.get(key) ?? 0) + 1);
        }
        times.get(name)!.push(performance.now() - started);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
    const seconds = (performance.now() - started) / 1000;

    const all = [...times.values()].flat().sort((a, b) => a - b);
    const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
    const errorText = errorCount ? [...errors].map(([k, v]) => `${k}: ${v}`).join(", ") : "none";
    const results: BenchResult[] = [
      ...alone,
      {
        label: `load: ${CLIENTS} concurrent clients for ${SECONDS} s, all routes`,
        n: all.length,
        medianMs: percentile(all, 50),
        p95Ms: percentile(all, 95),
        targetP95Ms: TARGET_P95_MS,
        note: `${(all.length / seconds).toFixed(0)} requests/s; errors: ${errorText}`,
      },
    ];
    for (const [name, list] of times) {
      list.sort((a, b) => a - b);
      results.push({
        label: `load: ${name}`,
        n: list.length,
        medianMs: percentile(list, 50),
        p95Ms: percentile(list, 95),
      });
    }
    return results;
  },
};

import type pg from "pg";
import { percentile, type Benchmark, type BenchResult } from "./harness";
import { cpuNow, cpuPerRequest, cpuText } from "./load";

// The URL splitter's public link (/s/{slug}) as a campaign's visitors hit it, through the production app: new
// visitors (no cookie: a weighted draw, a new assignment counted) and returning ones (their cookie's variant, a visit
// counted), one at a time and then 20 at once on the same link and day (the counters' hot row). Target: p95 under
// 20 ms.

const SLUG = "bench-split-link";
const TARGET_P95_MS = 20;
const COUNT = 1000;
const CONCURRENCY = 20;

async function seed(db: pg.Client): Promise<void> {
  const one = async (text: string, values: unknown[]) => (await db.query<{ id: string }>(text, values)).rows[0].id;
  const agency = await one(
    `insert into agencies (name, confirmed_at) values ('Splitter bench', now()) returning id`,
    [],
  );
  const client = await one(`insert into clients (agency_id, name) values ($1, 'Shop') returning id`, [agency]);
  const project = await one(
    `insert into client_projects (agency_id, client_id, name, site_type, url)
     values ($1, $2, 'Shop site', 'ecommerce', 'https://shop.example') returning id`,
    [agency, client],
  );
  await db.query(
    `insert into split_links (agency_id, project_id, name, slug, variants) values ($1, $2, 'Bench', $3, $4)`,
    [
      agency,
      project,
      SLUG,
      JSON.stringify([
        { key: "a", url: "https://shop.example/pricing", weight: 70 },
        { key: "b", url: "https://shop.example/pricing?v=b", weight: 30 },
      ]),
    ],
  );
}

async function timed(label: string, total: number, concurrency: number, visit: () => Promise<void>) {
  const times: number[] = [];
  let next = 0;
  const cpu = cpuNow();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const t = performance.now();
        await visit();
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  // Where a redirect's time goes: the web server's CPU, PostgreSQL's and the load generator's own (its fetch).
  const cost = cpuPerRequest(cpu, times.length);
  times.sort((a, b) => a - b);
  return {
    label,
    n: times.length,
    medianMs: percentile(times, 50),
    p95Ms: percentile(times, 95),
    targetP95Ms: TARGET_P95_MS,
    note: `${Math.round(times.length / seconds)} redirects/s${cost ? `; ${cpuText(cost)}` : ""}`,
  } satisfies BenchResult;
}

async function run({ baseUrl }: Parameters<Benchmark["run"]>[0]): Promise<BenchResult[]> {
  const url = `${baseUrl}/s/${SLUG}?gclid=bench`;
  const visit = (cookie?: string) => async () => {
    const res = await fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });
    await res.arrayBuffer();
    if (res.status !== 302) throw new Error(`split link answered ${res.status}`);
  };
  for (let i = 0; i < 50; i++) await visit()();
  return [
    await timed("split link, new visitor", COUNT, 1, visit()),
    await timed("split link, returning visitor", COUNT, 1, visit(`fw_split_${SLUG}=b`)),
    await timed(`split link, ${CONCURRENCY} visitors at once`, COUNT * 2, CONCURRENCY, visit()),
  ];
}

export const splitterBenchmark: Benchmark = { name: "splitter", seed, run };

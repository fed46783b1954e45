import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import { db } from "@/server/db/client";
import { demoPeriod, DEMO_DAYS } from "@/server/db/demo-data/load";
import { DEMO_CLIENT_NAME, seedDemo } from "@/server/db/seed-demo";
import { generateReport } from "@/server/services/reports/generate-report";
import { queuedJobs, resetDatabase } from "@/test/db";

type Row = Record<string, unknown>;
const rows = async (query: ReturnType<typeof sql>) => (await db().execute<Row>(query)).rows;

/** Daily sessions of a project, optionally filtered on dimension_sets columns. */
async function daily(projectName: string, where = sql`true`) {
  const result = await rows(sql`
    select to_char(o.date, 'YYYY-MM-DD') as date, sum(o.sessions)::float as sessions
    from observations o join dimension_sets d on d.id = o.dimension_set_id join client_projects p on p.id = o.project_id
    where p.name = ${projectName} and ${where}
    group by o.date order by o.date`);
  return new Map(result.map((r) => [r.date as string, r.sessions as number]));
}

const dayBefore = (end: string, n: number) => addDays(end, -n);
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

describe("the demo seed", () => {
  let seconds = 0;
  beforeAll(async () => {
    await resetDatabase();
    const started = Date.now();
    expect(await seedDemo("Demo123!")).toMatchObject({ email: "demo@funnelwise.local" });
    seconds = (Date.now() - started) / 1000;
  }, 120_000);

  it("creates the demo client with an ecommerce and a lead generation project, each with ~15 months of daily data up to yesterday, in seconds", async () => {
    const [{ n }] = await rows(sql`select count(*)::int as n from observations`);
    console.log(`demo seed: ${n} observations in ${seconds.toFixed(1)} s`);
    // 30 s for the data, and up to 10 s more for starting the job queue and queueing the first reports (the issue's
    // allowance for a ready report at first start).
    expect(seconds).toBeLessThan(40);
    const projects = await rows(sql`
      select p.name, p.site_type, c.name as client, s.source_name, s.kind, count(o.*)::int as n,
             to_char(min(o.date), 'YYYY-MM-DD') as first, to_char(max(o.date), 'YYYY-MM-DD') as last, count(distinct o.date)::int as days
      from client_projects p join clients c on c.id = p.client_id join data_sources s on s.project_id = p.id
      left join observations o on o.data_source_id = s.id
      group by 1, 2, 3, 4, 5 order by 2`);
    const { start, end } = demoPeriod();
    expect(projects).toHaveLength(2);
    for (const p of projects) {
      expect(p).toMatchObject({
        client: DEMO_CLIENT_NAME,
        source_name: "upload",
        kind: "own",
        first: start,
        last: end,
        days: DEMO_DAYS,
      });
      expect(p.n as number).toBeGreaterThan(20_000);
    }
    expect(projects.map((p) => p.site_type)).toEqual(["ecommerce", "lead_generation"]);
    expect(await seedDemo("Demo123!")).toBeNull();
  });

  it("plants the events: a 2-day tracking gap, a one-campaign paid drop, an organic level shift, an email spike", async () => {
    const { end } = demoPeriod();
    const store = "Northwind Outfitters Store";
    const total = await daily(store);
    const typical = mean([...total.values()].slice(-140, -100));
    expect(total.get(dayBefore(end, 97))!).toBeLessThan(typical * 0.1);
    expect(total.get(dayBefore(end, 96))!).toBeLessThan(typical * 0.1);
    expect(total.get(dayBefore(end, 98))!).toBeGreaterThan(typical * 0.5);

    const boots = await daily(store, sql`d.campaign = 'Generic - Hiking Boots'`);
    const last = (m: Map<string, number>, from: number, to: number) =>
      mean(Array.from({ length: from - to + 1 }, (_, i) => m.get(dayBefore(end, to + i)) ?? 0));
    expect(last(boots, 27, 0) / last(boots, 60, 30)).toBeLessThan(0.45);
    const otherPaid = await daily(store, sql`d.channel = 'Paid Search' and d.campaign <> 'Generic - Hiking Boots'`);
    expect(last(otherPaid, 27, 0) / last(otherPaid, 60, 30)).toBeGreaterThan(0.8);

    const organic = await daily(store, sql`d.channel = 'Organic Search'`);
    expect(last(organic, 159, 131) / last(organic, 190, 162)).toBeLessThan(0.9);

    const email = await daily(store, sql`d.channel = 'Email'`);
    expect(email.get(dayBefore(end, 12))!).toBeGreaterThan(3 * last(email, 40, 14));

    const leads = await daily("Northwind Corporate Uniforms");
    const leadsTypical = mean([...leads.values()].slice(-100, -70));
    expect(leads.get(dayBefore(end, 64))!).toBeLessThan(leadsTypical * 0.1);
    const leadsOrganic = await daily("Northwind Corporate Uniforms", sql`d.channel = 'Organic Search'`);
    expect(last(leadsOrganic, 139, 111) / last(leadsOrganic, 170, 142)).toBeGreaterThan(1.15);
  });

  it("holds data quality problems to find: case-variant sources, an email address in a landing page, (not set) traffic, a self-referral", async () => {
    const found = await rows(sql`
      select
        bool_or(source = 'Facebook') and bool_or(source = 'facebook') as facebook,
        bool_or(source = 'LinkedIn') and bool_or(source = 'linkedin') as linkedin,
        bool_or(landing_page like '%@%') as email_in_url,
        bool_or(channel = '(not set)') as not_set,
        bool_or(source like '%northwind-outfitters.example') as self_referral
      from dimension_sets`);
    expect(found[0]).toEqual({
      facebook: true,
      linkedin: true,
      email_in_url: true,
      not_set: true,
      self_referral: true,
    });
  });

  it("queues a report of each project's last 28 days for the worker, which makes them ready reports", async () => {
    const queued = await rows(sql`
      select r.id, r.status, p.name as project, to_char(r.period_start, 'YYYY-MM-DD') as start,
             to_char(r.period_end, 'YYYY-MM-DD') as "end"
      from reports r join client_projects p on p.id = r.project_id order by p.name`);
    const { end } = demoPeriod();
    expect(queued).toHaveLength(2);
    for (const r of queued) expect(r).toMatchObject({ status: "queued", start: addDays(end, -27), end });
    const jobs = await queuedJobs<{ reportId: string }>("generate-report");
    expect(jobs.map((j) => j.reportId).sort()).toEqual(queued.map((r) => r.id).sort());
    // What the worker does with them: ready reports with findings to open on.
    for (const r of queued) await generateReport(r.id as string);
    const ready = await rows(sql`
      select r.status, count(i.*)::int as insights, count(i.*) filter (where jsonb_array_length(i.findings) > 0)::int as found
      from reports r join insights i on i.report_id = r.id group by r.id, r.status`);
    expect(ready).toHaveLength(2);
    for (const r of ready) {
      expect(r.status).toBe("ready");
      expect(r.found as number).toBeGreaterThan(0);
    }
  }, 300_000);
});

import { eq, sql } from "drizzle-orm";
import * as reportRoute from "@/app/api/reports/[id]/route";
import * as projectReportsRoute from "@/app/api/properties/[id]/reports/route";
import * as addReportRoute from "@/app/api/properties/[id]/reports/add/route";
import * as insightsRoute from "@/app/api/insights/properties/[id]/route";
import * as insightRoute from "@/app/api/insights/[id]/route";
import * as addTagRoute from "@/app/api/insights/properties/[id]/tags/add/route";
import { db } from "@/server/db/client";
import { clientProjects, dataSources, reports } from "@/server/db/schema";
import { addDays, dayOfWeek, daysBetween } from "@/lib/dates";
import { gaussian, mulberry32 } from "@/lib/seeded-random";
import { call } from "@/test/api";
import { createAgency, createUser } from "@/test/factories";
import { insertClient, insertProject, share } from "@/test/workspace";

// A small, deterministic lead-generation project: five channels over 120 days with weekly
// seasonality and noise, and one planted event — Paid Search's conversion rate falls to 40% of
// normal over the last 28 days while its sessions stay as they were.

export const PERIOD_END = "2026-03-31";
export const PERIOD_START = addDays(PERIOD_END, -27);
export const DAYS = 120;
export const DROP_CHANNEL = "Paid Search";

const CHANNELS = [
  { value: "Organic Search", sessions: 1500, rate: 0.03 },
  { value: DROP_CHANNEL, sessions: 800, rate: 0.04 },
  { value: "Email", sessions: 300, rate: 0.06 },
  { value: "Direct", sessions: 600, rate: 0.025 },
  { value: "Social", sessions: 400, rate: 0.01 },
];
const WEEKLY = [0.7, 1.05, 1.1, 1.1, 1.05, 1.0, 0.75]; // Sunday … Saturday

export async function seedLeadGenProject(
  project: { id: string; agencyId: string },
  options: { drop?: boolean; seed?: number } = {},
) {
  const [source] = await db()
    .insert(dataSources)
    .values({
      agencyId: project.agencyId,
      projectId: project.id,
      sourceName: "upload",
      kind: "own",
      name: "Analytics export",
    })
    .returning();
  const sets = await db().execute<{ id: number; channel: string }>(sql`
    insert into dimension_sets (project_id, key, channel)
    select ${project.id}, md5(c), c from unnest(${sql.raw(`array[${CHANNELS.map((c) => `'${c.value}'`).join(",")}]`)}::text[]) c
    returning id, channel`);
  const setId = new Map(sets.rows.map((r) => [r.channel, Number(r.id)]));
  const normal = gaussian(mulberry32(options.seed ?? 7));
  const first = addDays(PERIOD_END, -(DAYS - 1));
  const rows: string[] = [];
  for (let i = 0; i < DAYS; i++) {
    const date = addDays(first, i);
    const inPeriod = date >= PERIOD_START;
    for (const c of CHANNELS) {
      const sessions = Math.max(0, Math.round(c.sessions * WEEKLY[dayOfWeek(date)] * (1 + 0.04 * normal())));
      const rate = c.rate * (options.drop !== false && inPeriod && c.value === DROP_CHANNEL ? 0.4 : 1);
      const expected = sessions * rate;
      const conversions = Math.max(0, Math.round(expected + Math.sqrt(expected) * normal()));
      const engaged = Math.round(sessions * 0.6);
      rows.push(
        `('${source.id}','${project.id}','${date}',${setId.get(c.value)},${sessions},${engaged},${conversions})`,
      );
    }
  }
  await db().execute(
    sql.raw(
      `select observations_partition(id) from data_sources where project_id = '${project.id}';
       insert into observations (data_source_id, project_id, date, dimension_set_id, sessions, engaged_sessions, conversions) values ${rows.join(",")}`,
    ),
  );
  return { sourceId: source.id, days: daysBetween(first, PERIOD_END) };
}

/** An agency with a lead-generation project holding the planted data; a Viewer and a Data Creator. */
export async function reportWorld(options: { drop?: boolean } = {}) {
  const main = await createAgency();
  const client = await insertClient(main.agency.id, { name: "Acme" });
  const project = await insertProject(client, { name: "Acme leads" });
  await db()
    .update(clientProjects)
    .set({ siteType: "lead_generation", url: "https://www.acme.example", currency: "EUR" })
    .where(eq(clientProjects.id, project.id));
  const viewer = await createUser({ agencyId: main.agency.id, role: "staff" });
  const creator = await createUser({ agencyId: main.agency.id, role: "staff" });
  await share(client.id, viewer.user.id, 1);
  await share(client.id, creator.user.id, 2);
  await seedLeadGenProject(project, options);
  return { main, client, project, viewer, creator };
}

/** One source with one row on `date`: the least data a report on a period holding it needs. */
export async function seedOneDay(project: { id: string; agencyId: string }, date: string) {
  const [source] = await db()
    .insert(dataSources)
    .values({ agencyId: project.agencyId, projectId: project.id, sourceName: "upload", kind: "own", name: "Export" })
    .returning();
  await db().execute(sql`select observations_partition(${source.id})`);
  await db().execute(sql`
    with s as (insert into dimension_sets (project_id, key, channel) values (${project.id}, md5('one day'), 'Direct') returning id)
    insert into observations (data_source_id, project_id, date, dimension_set_id, sessions)
    select ${source.id}, ${project.id}, ${date}::date, s.id, 10 from s`);
}

/** A queued report row, as POST /reports/add would leave it (for tests that run the job directly). */
export async function insertReport(
  project: { id: string; agencyId: string },
  overrides: Partial<typeof reports.$inferInsert> = {},
) {
  const [report] = await db()
    .insert(reports)
    .values({
      agencyId: project.agencyId,
      projectId: project.id,
      periodStart: PERIOD_START,
      periodEnd: PERIOD_END,
      compareTo: "previous_period",
      ...overrides,
    })
    .returning();
  return report;
}

export const addReport = (projectId: string, token: string, body: unknown) =>
  call(addReportRoute.POST, {
    path: `/api/properties/${projectId}/reports/add`,
    params: { id: projectId },
    token,
    body,
  });
export const listReports = (projectId: string, token: string, query = "") =>
  call(projectReportsRoute.GET, {
    path: `/api/properties/${projectId}/reports${query}`,
    params: { id: projectId },
    token,
  });
export const getReport = (id: string, token: string) =>
  call(reportRoute.GET, { path: `/api/reports/${id}`, params: { id }, token });
export const deleteReport = (id: string, token: string) =>
  call(reportRoute.DELETE, { method: "DELETE", path: `/api/reports/${id}`, params: { id }, token });
export const listInsights = (projectId: string, token: string, query = "") =>
  call(insightsRoute.GET, { path: `/api/insights/properties/${projectId}${query}`, params: { id: projectId }, token });
export const getInsight = (id: string, token: string) =>
  call(insightRoute.GET, { path: `/api/insights/${id}`, params: { id }, token });
export const addTag = (projectId: string, token: string, body: unknown) =>
  call(addTagRoute.POST, {
    path: `/api/insights/properties/${projectId}/tags/add`,
    params: { id: projectId },
    token,
    body,
  });

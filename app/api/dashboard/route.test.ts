import type { Finding } from "@/lib/insights/finding";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { Dashboard } from "@/lib/api-client/dashboard-types";
import { db } from "@/server/db/client";
import { dataSources, dataSourceSyncStates, insights, reports } from "@/server/db/schema";
import { getDashboard } from "@/server/services/dashboard/get-dashboard";
import { refreshDailyTotals } from "@/server/insights/data/daily-totals";
import { call } from "@/test/api";
import { queuedJobs, resetDatabase } from "@/test/db";
import { createAgency } from "@/test/factories";
import { PERIOD_END, reportWorld } from "@/test/report-fixtures";
import { insertClient, insertProject } from "@/test/workspace";
import { GET } from "./route";

const getDash = (token?: string) => call<Dashboard>(GET, { path: "/api/dashboard", token });

/** The world's observations were written directly: build their rollup as the worker's job would. */
async function rollUp(projectId: string) {
  const sources = await db().execute<{ id: string }>(sql`select id from data_sources where project_id = ${projectId}`);
  for (const s of sources.rows) await refreshDailyTotals(s.id);
}

const finding = (pct: number): Finding => ({
  kind: "change",
  metric: "conversions",
  dimension: "channel",
  dimensionValue: "Paid Search",
  periodStart: "2026-03-04",
  periodEnd: PERIOD_END,
  current: 100,
  baseline: 100 / (1 + pct),
  change: 100 - 100 / (1 + pct),
  changePct: pct,
  expectedLow: null,
  expectedHigh: null,
  confidence: 0.95,
  direction: pct > 0 ? "up" : "down",
});

async function addReadyReport(
  project: { id: string; agencyId: string },
  items: { impact: number; findings: number }[],
  finishedAt = new Date(),
) {
  const [report] = await db()
    .insert(reports)
    .values({
      agencyId: project.agencyId,
      projectId: project.id,
      status: "ready",
      periodStart: "2026-03-04",
      periodEnd: PERIOD_END,
      finishedAt,
    })
    .returning();
  for (const [i, item] of items.entries()) {
    await db()
      .insert(insights)
      .values({
        agencyId: project.agencyId,
        projectId: project.id,
        reportId: report.id,
        intentionKey: `intention-${i}`,
        group: "most_impactful",
        funnelStage: "evaluation",
        title: `Finding ${i}`,
        summary: `Summary ${i}`,
        impact: item.impact,
        rank: i,
        findings: Array.from({ length: item.findings }, () => finding(-0.6)),
      });
  }
  return report;
}

async function periodSum(projectId: string, column: "conversions" | "sessions", from: string, to: string) {
  const { rows } = await db().execute<{ total: number }>(
    sql`select sum(${sql.raw(column)})::float8 as total from observations where project_id = ${projectId} and date between ${from}::date and ${to}::date`,
  );
  return Number(rows[0].total);
}

describe("GET /api/dashboard", () => {
  beforeEach(resetDatabase);

  it("queues the worker's rebuild of a rollup older than its data and says the numbers are updating", async () => {
    const { main, project } = await reportWorld();
    const first = await getDash(main.token);
    expect(first.status).toBe(200);
    const row = first.body.clients[0].projects.find((p) => p._id === project.id)!;
    expect(row.updating).toBe(true);
    expect(row.kpis).toEqual([]);
    const jobs = await queuedJobs<{ dataSourceId: string }>("refresh-daily-totals");
    expect(jobs).toHaveLength(1);
    // Asking again before the worker ran does not queue it twice.
    await getDash(main.token);
    expect(await queuedJobs("refresh-daily-totals")).toHaveLength(1);
    await refreshDailyTotals(jobs[0].dataSourceId);
    const after = (await getDash(main.token)).body.clients[0].projects.find((p) => p._id === project.id)!;
    expect(after.updating).toBe(false);
    expect(after.kpis.length).toBeGreaterThan(0);
  });

  it("answers per client the KPIs of its projects against the previous period, from the daily rollup", async () => {
    const { main, client, project } = await reportWorld();
    await rollUp(project.id);
    const res = await getDash(main.token);
    expect(res.status).toBe(200);
    const entry = res.body.clients.find((c) => c._id === client.id)!;
    const row = entry.projects.find((p) => p._id === project.id)!;
    expect(row.currency).toBe("EUR");
    // The period is the 28 days ending on the newest day the project holds.
    expect(row.period).toEqual({
      start: "2026-03-04",
      end: PERIOD_END,
      previousStart: "2026-02-04",
      previousEnd: "2026-03-03",
    });
    // Lead generation: leads first, but the source holds none, so conversions and sessions remain.
    expect(row.kpis.map((k) => k.key)).toEqual(["conversions", "sessions"]);
    const conversions = row.kpis[0];
    const current = await periodSum(project.id, "conversions", "2026-03-04", PERIOD_END);
    const previous = await periodSum(project.id, "conversions", "2026-02-04", "2026-03-03");
    expect(conversions.current).toBeCloseTo(current, 6);
    expect(conversions.previous).toBeCloseTo(previous, 6);
    expect(conversions.changePct).toBeCloseTo((current - previous) / previous, 9);
    // The planted drop in Paid Search's conversion rate shows as a fall.
    expect(conversions.changePct!).toBeLessThan(-0.05);
    expect(conversions.series).toHaveLength(28);
    expect(conversions.series[27].date).toBe(PERIOD_END);
    expect(row.kpis[1].current).toBeCloseTo(await periodSum(project.id, "sessions", "2026-03-04", PERIOD_END), 6);
    // The uploaded export ended long before today: stale.
    expect(row.alerts).toEqual([expect.objectContaining({ problem: "stale", lastDataDate: PERIOD_END })]);
    expect(row.latestReport).toBeNull();
  });

  it("counts the significant findings of each project's latest report and lists the week's most impactful", async () => {
    const { main, project } = await reportWorld();
    await addReadyReport(project, [{ impact: 50, findings: 5 }], new Date(Date.now() - 86_400_000));
    const latest = await addReadyReport(project, [
      { impact: 10, findings: 2 },
      { impact: 90, findings: 1 },
      { impact: 40, findings: 0 },
    ]);
    const other = await insertProject(await insertClient(main.agency.id, { name: "Beta" }), { name: "Beta shop" });
    // Finished 8 days ago: not this week's.
    await addReadyReport(other, [{ impact: 999, findings: 3 }], new Date(Date.now() - 8 * 86_400_000));

    const res = await getDash(main.token);
    const row = res.body.clients.flatMap((c) => c.projects).find((p) => p._id === project.id)!;
    expect(row.latestReport).toMatchObject({ _id: latest.id, significantFindings: 3 });
    const otherRow = res.body.clients.flatMap((c) => c.projects).find((p) => p._id === other.id)!;
    expect(otherRow.latestReport?.significantFindings).toBe(3);
    // Only the latest reports' insights with findings, finished this week, by impact.
    expect(res.body.topFindings.map((f) => f.title)).toEqual(["Finding 1", "Finding 0"]);
    expect(res.body.topFindings[0]).toMatchObject({
      client: { name: "Acme" },
      project: { _id: project.id, name: "Acme leads", currency: "EUR" },
    });
  });

  it("flags a Google source whose token could not be refreshed, and a source that never received data", async () => {
    const { main, project } = await reportWorld();
    await rollUp(project.id);
    const [google] = await db()
      .insert(dataSources)
      .values({ agencyId: main.agency.id, projectId: project.id, sourceName: "Google Analytics 4", kind: "google" })
      .returning();
    await db().insert(dataSourceSyncStates).values({ dataSourceId: google.id, tokenUpdateFailedAt: new Date() });
    const [empty] = await db()
      .insert(dataSources)
      .values({ agencyId: main.agency.id, projectId: project.id, sourceName: "upload", name: "Empty", kind: "own" })
      .returning();
    const res = await getDash(main.token);
    const alerts = res.body.clients[0].projects[0].alerts;
    expect(alerts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ dataSourceId: google.id, problem: "disconnected", name: "Google Analytics 4" }),
        expect.objectContaining({ dataSourceId: empty.id, problem: "no_data", name: "Empty" }),
      ]),
    );
  });

  it("judges staleness on the day it is asked", async () => {
    const { main, project } = await reportWorld();
    await rollUp(project.id);
    const ctx = { txId: "t", ip: "127.0.0.1", actor: { ...actorOf(main) } };
    const fresh = await getDashboard({ ctx, now: new Date(`${PERIOD_END}T12:00:00Z`) });
    expect(fresh.today).toBe(PERIOD_END);
    expect(fresh.clients[0].projects.find((p) => p._id === project.id)!.alerts).toEqual([]);
  });

  it("shows staff only the clients shared with them, and nothing of another agency", async () => {
    const { main, client, viewer } = await reportWorld();
    const hidden = await insertClient(main.agency.id, { name: "Not shared" });
    const other = await createAgency();
    const foreign = await insertClient(other.agency.id, { name: "Foreign" });
    await insertProject(foreign, { name: "Foreign shop" });

    const staff = await getDash(viewer.token);
    expect(staff.status).toBe(200);
    expect(staff.body.clients.map((c) => c._id)).toEqual([client.id]);
    expect(staff.body.totalClients).toBe(1);

    const admin = await getDash(main.token);
    expect(admin.body.clients.map((c) => c.name).sort()).toEqual(["Acme", hidden.name]);

    const outsider = await getDash(other.token);
    expect(outsider.body.clients.map((c) => c._id)).toEqual([foreign.id]);
    expect(outsider.body.topFindings).toEqual([]);
  });

  it("answers 401 when not logged in", async () => {
    expect((await getDash()).status).toBe(401);
  });
});

function actorOf(main: { agency: { id: string }; admin: { id: string; email: string } }) {
  return {
    userId: main.admin.id,
    agencyId: main.agency.id,
    email: main.admin.email,
    role: "agency" as const,
    isAgencyAdmin: true,
    onboarding: false,
    isScheduleAllowed: true,
    subscriptionStatus: "full" as const,
  };
}

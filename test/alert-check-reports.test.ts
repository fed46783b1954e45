import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import * as agencyClientsRoute from "@/app/api/agencies/[id]/clients/route";
import * as clientProjectsRoute from "@/app/api/clients/[id]/properties/route";
import * as dashboardRoute from "@/app/api/dashboard/route";
import * as insightRoute from "@/app/api/insights/[id]/route";
import * as projectInsightsRoute from "@/app/api/insights/properties/[id]/route";
import * as projectRoute from "@/app/api/properties/[id]/route";
import * as reportsRoute from "@/app/api/properties/[id]/reports/route";
import * as searchRoute from "@/app/api/searches/properties/route";
import { db } from "@/server/db/client";
import { insights, projectAlerts, reports } from "@/server/db/schema";
import type { Finding } from "@/lib/insights/finding";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency, tokenFor } from "@/test/factories";
import { insertClient, insertProject } from "@/test/workspace";

// An alert check keeps its engine run so the alert opens its finding in full (ADR 0030), but that run is nobody's
// report: the project's report list, its latest report (the project page's master report, "last report" dates), the
// dashboard and the search never show it, while the alert's link to its insight opens it, for its own agency only.

const finding: Finding = {
  kind: "change",
  metric: "revenue",
  dimension: "campaign",
  dimensionValue: "Campaign 5",
  periodStart: "2026-02-10",
  periodEnd: "2026-03-09",
  current: 100,
  baseline: 400,
  change: -300,
  changePct: -0.75,
  expectedLow: null,
  expectedHigh: null,
  confidence: 0.99,
  direction: "down",
};

async function readyReport(
  project: { id: string; agencyId: string },
  kind: "report" | "alert_check",
  title: string,
  createdAt: Date,
) {
  const [report] = await db()
    .insert(reports)
    .values({
      agencyId: project.agencyId,
      projectId: project.id,
      kind,
      name: kind === "alert_check" ? "Alerts: Feb 10 – Mar 9, 2026" : "March",
      status: "ready",
      periodStart: "2026-02-10",
      periodEnd: "2026-03-09",
      createdAt,
      finishedAt: createdAt,
    })
    .returning();
  const [insight] = await db()
    .insert(insights)
    .values({
      agencyId: project.agencyId,
      projectId: project.id,
      reportId: report.id,
      intentionKey: "kpi_by_campaign",
      group: "most_impactful",
      funnelStage: "experience",
      title,
      summary: title,
      impact: 90,
      findings: [finding],
    })
    .returning();
  return { report, insight };
}

async function world() {
  const { agency, admin } = await createAgency();
  const client = await insertClient(agency.id, { name: "Northwind" });
  const project = await insertProject(client, { name: "Shop ads" });
  const day = 86_400_000;
  const asked = await readyReport(project, "report", "Asked for", new Date(Date.now() - 2 * day));
  const check = await readyReport(project, "alert_check", "Found by the check", new Date(Date.now() - day));
  return { agency, admin, client, project, asked, check, token: await tokenFor(admin.id) };
}

beforeEach(async () => {
  await resetDatabase();
});

describe("an alert check's run", () => {
  it("is in no report list, latest report, dashboard or search", async () => {
    const w = await world();
    const params = { id: w.project.id };

    const list = await call(reportsRoute.GET, {
      path: `/api/properties/${w.project.id}/reports`,
      params,
      token: w.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.docs.map((r: { _id: string }) => r._id)).toEqual([w.asked.report.id]);
    expect(list.body.total).toBe(1);

    // The project page's report is the one asked for, though the check's run is newer.
    const master = await call(projectInsightsRoute.GET, {
      path: `/api/insights/properties/${w.project.id}`,
      params,
      token: w.token,
    });
    expect(master.status).toBe(200);
    expect(master.body.reportId).toBe(w.asked.report.id);
    expect(master.body.docs.map((i: { title: string }) => i.title)).toEqual(["Asked for"]);

    const lastReportAt = w.asked.report.createdAt.toISOString();
    const project = await call(projectRoute.GET, { path: `/api/properties/${w.project.id}`, params, token: w.token });
    expect(project.body.lastReportAt).toBe(lastReportAt);
    const projects = await call(clientProjectsRoute.GET, {
      path: `/api/clients/${w.client.id}/properties`,
      params: { id: w.client.id },
      token: w.token,
    });
    expect(projects.body.docs[0].lastReportAt).toBe(lastReportAt);
    const clients = await call(agencyClientsRoute.GET, {
      path: `/api/agencies/${w.agency.id}/clients`,
      params: { id: w.agency.id },
      token: w.token,
    });
    expect(clients.body.docs[0].projects[0].lastReportAt).toBe(lastReportAt);
    const search = await call(searchRoute.GET, { path: "/api/searches/properties?q=Shop", token: w.token });
    expect(search.body.docs[0].lastReportAt).toBe(lastReportAt);

    const dashboard = await call(dashboardRoute.GET, { path: "/api/dashboard", token: w.token });
    const row = dashboard.body.clients[0].projects[0];
    expect(row.latestReport).toMatchObject({ _id: w.asked.report.id });
    expect(dashboard.body.topFindings.map((f: { title: string }) => f.title)).toEqual(["Asked for"]);
  });

  it("opens from its alert's link for its agency only", async () => {
    const w = await world();
    const open = await call(insightRoute.GET, {
      path: `/api/insights/${w.check.insight.id}`,
      params: { id: w.check.insight.id },
      token: w.token,
    });
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ title: "Found by the check", projectId: w.project.id });
    expect(open.body.findings).toEqual([expect.objectContaining({ dimensionValue: "Campaign 5" })]);

    const other = await createAgency();
    const foreign = await call(insightRoute.GET, {
      path: `/api/insights/${w.check.insight.id}`,
      params: { id: w.check.insight.id },
      token: await tokenFor(other.admin.id),
    });
    expect(foreign.status).toBe(404);
  });

  it("saved before reports had a kind is carried over as an alert check by the migration", async () => {
    const w = await world();
    // As 0042 left it: an ordinary report that an alert points to.
    await db().update(reports).set({ kind: "report" }).where(eq(reports.id, w.check.report.id));
    await db().insert(projectAlerts).values({
      agencyId: w.agency.id,
      projectId: w.project.id,
      kind: "kpi_change",
      changeKey: "kpi_change|revenue|campaign|Campaign 5|down|2026-03-05",
      date: "2026-03-05",
      headline: "Revenue of Campaign 5 fell.",
      reportId: w.check.report.id,
      insightId: w.check.insight.id,
    });
    const migration = readFileSync(
      path.resolve(__dirname, "../drizzle/0044_alert_check_reports_carried_over.sql"),
      "utf8",
    );
    await db().execute(sql.raw(migration));
    const kinds = await db().select({ id: reports.id, kind: reports.kind }).from(reports);
    expect(new Map(kinds.map((r) => [r.id, r.kind]))).toEqual(
      new Map([
        [w.asked.report.id, "report"],
        [w.check.report.id, "alert_check"],
      ]),
    );
  });
});

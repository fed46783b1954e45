import { beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { addDays } from "@/lib/dates";
import { mulberry32 } from "@/lib/seeded-random";
import { db } from "@/server/db/client";
import { clientProjects, insights, reports } from "@/server/db/schema";
import * as kpisRoute from "@/app/api/reports/[id]/kpis/route";
import * as projectRoute from "@/app/api/properties/[id]/route";
import { generateReport } from "@/server/services/reports/generate-report";
import { call } from "@/test/api";
import { uploadCsv, uploadWorld } from "@/test/data-source-fixtures";
import { resetDatabase } from "@/test/db";
import {
  DROP_CHANNEL,
  PERIOD_END,
  PERIOD_START,
  insertReport,
  listInsights,
  listReports,
  reportWorld,
} from "@/test/report-fixtures";

const kpis = (id: string, token: string) =>
  call(kpisRoute.GET, { path: `/api/reports/${id}/kpis`, params: { id }, token });
const project = (id: string, token: string) =>
  call(projectRoute.GET, { path: `/api/properties/${id}`, params: { id }, token });

/** Uploads the CSV lines into the world's source, generates a report on the project and answers its headline. */
async function headlineAfterUpload(world: Awaited<ReturnType<typeof uploadWorld>>, lines: string[]) {
  expect((await uploadCsv(world.sourceId, world.main.token, lines.join("\n"))).status).toBe(200);
  const report = await insertReport(world.project);
  await generateReport(report.id);
  return { report, body: (await kpis(report.id, world.viewer.token)).body };
}

describe("the report's headline figures, its master and the project's last report", () => {
  beforeEach(resetDatabase);

  it("gives the site type's KPIs with their change against the comparison period and the period's days", async () => {
    const { project: p, viewer } = await reportWorld();
    const report = await insertReport(p);
    await generateReport(report.id);
    const res = await kpis(report.id, viewer.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ periodStart: PERIOD_START, periodEnd: PERIOD_END, currency: "EUR" });
    // The lead-generation data holds conversions and sessions (no leads): the KPIs it can show, in order.
    expect(res.body.kpis.map((k: { metric: string }) => k.metric)).toEqual([
      "conversions",
      "conversionRate",
      "sessions",
    ]);
    const conversions = res.body.kpis[0];
    expect(conversions.points).toHaveLength(28);
    expect(conversions.points[0].date).toBe(PERIOD_START);
    const sum = conversions.points.reduce((s: number, d: { value: number }) => s + d.value, 0);
    expect(conversions.current).toBe(sum);
    // The planted drop (the paid channel converts at 40% of its rate) lowers conversions.
    expect(conversions.change).toBeLessThan(0);
    expect(conversions.changePct).toBeCloseTo(conversions.change / conversions.baseline, 10);
    expect(res.body.kpis[1].unit).toBe("percent");
    expect(DROP_CHANNEL).toBe("Paid Search");
    // Tested as the insights test a period's change: the planted fall is significant, the sessions' wobble is not.
    expect(conversions.significant).toBe(true);
    expect(res.body.kpis[2]).toMatchObject({ metric: "sessions", significant: false });
    // At the report's own bar: its insights' threshold over all their tests is kept with it...
    const [stored] = await db().select().from(reports).where(eq(reports.id, report.id));
    expect(stored.pThreshold).toBeGreaterThan(0);
    expect(stored.pThreshold).toBeLessThan(0.05);
    // ...and a change that bar does not pass is not news in the header either (a report whose insights kept none).
    await db().update(reports).set({ pThreshold: 0 }).where(eq(reports.id, report.id));
    await db().update(insights).set({ findings: [] }).where(eq(insights.reportId, report.id));
    const strict = await kpis(report.id, viewer.token);
    expect(strict.body.kpis.map((k: { significant: boolean }) => k.significant)).toEqual([false, false, false]);
    // A report generated before the bar was kept judges each figure at 95 %.
    await db().update(reports).set({ pThreshold: null }).where(eq(reports.id, report.id));
    expect((await kpis(report.id, viewer.token)).body.kpis[0].significant).toBe(true);
  });

  it("colours no headline figure the report's insights call noise", async () => {
    // A shop whose orders dip 3 %: past 95 % on its own, not past the bar of a report testing every channel,
    // device and day.
    const world = await uploadWorld();
    const lines = ["date,channel,device,sessions,transactions,revenue"];
    const random = mulberry32(7);
    const noise = () => random() - 0.5;
    for (let d = addDays(PERIOD_END, -119); d <= PERIOD_END; d = addDays(d, 1))
      for (const channel of ["Organic Search", "Paid Search", "Direct", "Email"])
        for (const device of ["desktop", "mobile"]) {
          const dip = d >= PERIOD_START ? 0.97 : 1;
          const sessions = Math.round(500 * (1 + 0.2 * noise()));
          const orders = Math.round(sessions * 0.02 * dip * (1 + 0.3 * noise()));
          lines.push(
            `${d},${channel},${device},${sessions},${orders},${(orders * 80 * (1 + 0.1 * noise())).toFixed(2)}`,
          );
        }
    const { report, body } = await headlineAfterUpload(world, lines);
    type Kpi = { metric: string; significant: boolean; changePct: number };
    const revenue = (kpis: Kpi[]) => kpis.find((k) => k.metric === "revenue")!;
    // The revenue insight found nothing the report's bar lets through, and the header does not colour the dip...
    const insight = (
      await listInsights(world.project.id, world.viewer.token, `?reportId=${report.id}&limit=100`)
    ).body.docs.find((i: { intention: { key: string } }) => i.intention.key === "revenue_by_channel");
    expect(insight.findings).toEqual([]);
    expect(revenue(body.kpis).changePct).toBeLessThan(-0.02);
    expect(revenue(body.kpis).significant).toBe(false);
    // ...which a test at 95 % alone would have called significant.
    await db().update(reports).set({ pThreshold: null }).where(eq(reports.id, report.id));
    expect(revenue((await kpis(report.id, world.viewer.token)).body.kpis).significant).toBe(true);
    // The project's primary KPI, when set, leads the figures (its reports rank by it).
    expect(body.kpis[0].metric).toBe("revenue");
    await db()
      .update(clientProjects)
      .set({ settings: { primaryKpi: "transactions" } })
      .where(eq(clientProjects.id, world.project.id));
    const metrics = (await kpis(report.id, world.viewer.token)).body.kpis.map((k: Kpi) => k.metric);
    expect(metrics.slice(0, 2)).toEqual(["transactions", "revenue"]);
  });

  it("estimates the days of a tracking gap in the period's totals, as the report's insights do", async () => {
    const { project: p, viewer } = await reportWorld();
    const whole = await insertReport(p);
    await generateReport(whole.id);
    const sessions = async (id: string) =>
      (await kpis(id, viewer.token)).body.kpis.find((k: { metric: string }) => k.metric === "sessions");
    const recorded = await sessions(whole.id);
    expect(recorded.estimatedDays).toEqual([]);
    // Two days of the period lost (a tag removed, then put back): their rows are gone.
    const gap = [addDays(PERIOD_START, 10), addDays(PERIOD_START, 11)];
    await db().execute(sql`delete from observations where project_id = ${p.id} and date in (${gap[0]}, ${gap[1]})`);
    await db().execute(sql`update data_sources set updated_at = now() where project_id = ${p.id}`);
    const after = await insertReport(p);
    await generateReport(after.id);
    const [row] = await db().select().from(reports).where(eq(reports.id, after.id));
    expect(row.excludedDays).toEqual(gap);
    const estimated = await sessions(after.id);
    expect(estimated.estimatedDays).toEqual(gap);
    // Summed as recorded, the period would have lost 2 of its 28 days (7 %).
    expect(Math.abs(estimated.current / recorded.current - 1)).toBeLessThan(0.02);
    expect(estimated.baseline).toBe(recorded.baseline);
    // The sparkline shows the days as recorded.
    expect(estimated.points.filter((d: { date: string }) => gap.includes(d.date))).toEqual([
      { date: gap[0], value: 0 },
      { date: gap[1], value: 0 },
    ]);
  });

  it("sums as recorded, without estimating, a period the data covers on fewer than 90 % of its days", async () => {
    const { project: p, viewer } = await reportWorld();
    // Half the period lies after the data's last day.
    const half = await insertReport(p, { periodStart: addDays(PERIOD_END, -13), periodEnd: addDays(PERIOD_END, 14) });
    await generateReport(half.id);
    const sessions = (await kpis(half.id, viewer.token)).body.kpis.find(
      (k: { metric: string }) => k.metric === "sessions",
    );
    expect(sessions.estimatedDays).toEqual([]);
    const recorded = sessions.points.reduce((s: number, d: { value: number | null }) => s + (d.value ?? 0), 0);
    expect(sessions.current).toBe(recorded);
  });

  it("sets the ad cost against the paid campaigns' leads alone in the cost per lead", async () => {
    const world = await uploadWorld();
    const { project: p, viewer } = world;
    await db()
      .update(clientProjects)
      .set({ siteType: "lead_generation", currency: "GBP" })
      .where(eq(clientProjects.id, p.id));
    // Two paid campaigns (Generic's leads fall from 5 to 4 a day in the period), and leads no ad budget bought: organic
    // search and a newsletter's campaign tag.
    const lines = ["date,campaign,source,medium,sessions,leads,cost"];
    for (let d = addDays(PERIOD_START, -28); d <= PERIOD_END; d = addDays(d, 1)) {
      lines.push(`${d},Brand,google,cpc,200,10,100`);
      lines.push(`${d},Generic,google,cpc,300,${d >= PERIOD_START ? 4 : 5},200`);
      lines.push(`${d},(organic),google,organic,1000,30,`);
      lines.push(`${d},weekly_digest,newsletter,email,150,20,`);
    }
    const { report, body } = await headlineAfterUpload(world, lines);
    // No conversions column: cost per lead stands in for cost per conversion; the spend itself fills the header.
    expect(body.kpis.map((k: { metric: string }) => k.metric)).toEqual([
      "leads",
      "leadRate",
      "cpl",
      "sessions",
      "cost",
    ]);
    expect(body.currency).toBe("GBP");
    const cpl = body.kpis.find((k: { metric: string }) => k.metric === "cpl");
    // £300 a day over the paid campaigns' 15 leads, then 14: not over the site's 65 and 64.
    expect(cpl.unit).toBe("currency");
    expect(cpl.baseline).toBeCloseTo(300 / 15, 10);
    expect(cpl.current).toBeCloseTo(300 / 14, 10);
    expect(cpl.points[0].value).toBeCloseTo(300 / 14, 10);
    // The site's leads are all of them.
    expect(body.kpis[0].current).toBe(64 * 28);
    // The report's own total agrees with the figure.
    const insight = (await listInsights(p.id, viewer.token, `?reportId=${report.id}&limit=100`)).body.docs.find(
      (i: { intention: { key: string } }) => i.intention.key === "cpl_by_campaign",
    );
    expect(insight).toBeDefined();
    expect(insight.chart.totalCurrent).toBeCloseTo(300 / 14, 10);
  });

  it("shows a shop's return on ad spend from its paid campaigns' revenue, before its sessions", async () => {
    const world = await uploadWorld();
    await db().update(clientProjects).set({ siteType: "ecommerce" }).where(eq(clientProjects.id, world.project.id));
    // An analytics export with the ad cost beside each paid campaign; organic orders and a newsletter's are no
    // ad spend's. Generic's revenue halves in the period.
    const lines = ["date,campaign,source,medium,sessions,transactions,revenue,cost"];
    for (let d = addDays(PERIOD_START, -28); d <= PERIOD_END; d = addDays(d, 1)) {
      lines.push(`${d},Brand,google,cpc,200,10,1000,100`);
      lines.push(`${d},Generic,google,cpc,300,6,${d >= PERIOD_START ? 300 : 600},200`);
      lines.push(`${d},(organic),google,organic,1000,30,3000,`);
      lines.push(`${d},weekly_digest,newsletter,email,150,20,2000,`);
    }
    const { body } = await headlineAfterUpload(world, lines);
    expect(body.kpis.map((k: { metric: string }) => k.metric)).toEqual([
      "revenue",
      "transactions",
      "ecommerceConversionRate",
      "averageOrderValue",
      "roas",
    ]);
    const roas = body.kpis.find((k: { metric: string }) => k.metric === "roas");
    // (1,000 + 600) / 300 before, (1,000 + 300) / 300 in the period: not the site's 6,600 / 300.
    expect(roas.unit).toBe("ratio");
    expect(roas.baseline).toBeCloseTo(1600 / 300, 10);
    expect(roas.current).toBeCloseTo(1300 / 300, 10);
    expect(body.kpis[0].current).toBe(6300 * 28);
  });

  it("fills a shop's header from a Google Ads export with the spend behind its return on ad spend", async () => {
    const world = await uploadWorld();
    await db().update(clientProjects).set({ siteType: "ecommerce" }).where(eq(clientProjects.id, world.project.id));
    // Campaigns' impressions, clicks, cost, conversions and conversion value: no orders, no sessions.
    const lines = ["date,campaign,impressions,clicks,cost,conversions,revenue"];
    for (let d = addDays(PERIOD_START, -28); d <= PERIOD_END; d = addDays(d, 1)) {
      lines.push(`${d},Brand,4000,200,100,10,900`);
      lines.push(`${d},Generic,9000,300,${d >= PERIOD_START ? 300 : 200},6,600`);
    }
    const { body } = await headlineAfterUpload(world, lines);
    // Two figures of the shop's own (no orders or sessions to count), then the ads' own.
    expect(body.kpis.map((k: { metric: string }) => k.metric)).toEqual([
      "revenue",
      "roas",
      "conversions",
      "cost",
      "cpa",
    ]);
    const cost = body.kpis.find((k: { metric: string }) => k.metric === "cost");
    expect(cost).toMatchObject({ unit: "currency", current: 400 * 28, baseline: 300 * 28 });
    expect(body.kpis.find((k: { metric: string }) => k.metric === "cpa").current).toBeCloseTo(400 / 16, 10);
  });

  it("keeps a report on a period without data out of the master, and the project's last report is the newest ready one", async () => {
    const { project: p, viewer } = await reportWorld();
    expect((await project(p.id, viewer.token)).body.lastReportAt).toBeNull();
    const good = await insertReport(p);
    await generateReport(good.id);
    // A year before the data begins: nothing to read.
    const empty = await insertReport(p, {
      periodStart: addDays(PERIOD_START, -400),
      periodEnd: addDays(PERIOD_END, -400),
      name: "Before tracking",
    });
    await generateReport(empty.id);

    const list = await listReports(p.id, viewer.token);
    const byId = new Map(list.body.docs.map((r: { _id: string; hasData: boolean }) => [r._id, r.hasData]));
    expect(byId.get(good.id)).toBe(true);
    expect(byId.get(empty.id)).toBe(false);
    // The insights list without a report reads the master: the report with data, not the newer empty one.
    expect((await listInsights(p.id, viewer.token)).body.reportId).toBe(good.id);
    const last = (await project(p.id, viewer.token)).body.lastReportAt;
    expect(last).not.toBeNull();
  });
});

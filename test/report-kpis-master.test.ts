import { beforeEach, describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import * as kpisRoute from "@/app/api/reports/[id]/kpis/route";
import * as projectRoute from "@/app/api/properties/[id]/route";
import { generateReport } from "@/server/jobs/handlers/generate-report";
import { call } from "@/test/api";
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

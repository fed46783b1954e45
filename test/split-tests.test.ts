import ExcelJS from "exceljs";
import { count, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/constants/messages";
import { addDays } from "@/lib/dates";
import { SPLIT_TEST_MESSAGES } from "@/lib/validation/split-tests";
import * as listRoute from "@/app/api/urlsplitters/route";
import * as itemRoute from "@/app/api/urlsplitters/[id]/route";
import * as insightRoute from "@/app/api/urlsplitters/[id]/insight/route";
import * as excelRoute from "@/app/api/properties/[id]/insights/export/excel/route";
import * as pptxRoute from "@/app/api/properties/[id]/insights/export/powerpoint/route";
import { readPackage } from "@/test/ooxml";
import { db } from "@/server/db/client";
import { dataSources, insights, splitUrlTests } from "@/server/db/schema";
import { generateReport } from "@/server/services/reports/generate-report";
import { call, callBytes } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency } from "@/test/factories";
import { insertReport, listInsights, PERIOD_END, reportWorld } from "@/test/report-fixtures";
import { insertClient, insertProject } from "@/test/workspace";

// Two landing pages over 28 days in the project's store: /pricing converts at 3%, /pricing-b at
// 4.2%, with revenue; /blog has traffic before the period only.
const END = PERIOD_END;
const START = addDays(END, -27);

async function seedLandingPages(project: { id: string; agencyId: string }) {
  const [source] = await db()
    .insert(dataSources)
    .values({ agencyId: project.agencyId, projectId: project.id, sourceName: "upload", kind: "own", name: "Pages" })
    .returning();
  const sets = await db().execute<{ id: number; page: string }>(sql`
    insert into dimension_sets (project_id, key, landing_page)
    select ${project.id}, md5('lp' || p), p from unnest(array['/pricing', '/pricing-b', '/blog']::text[]) p
    returning id, landing_page as page`);
  const id = new Map(sets.rows.map((r) => [r.page, Number(r.id)]));
  const rows: string[] = [];
  for (let i = 0; i < 28; i++) {
    const date = addDays(START, i);
    const wobble = i % 7;
    rows.push(
      `('${source.id}','${project.id}','${date}',${id.get("/pricing")},${500 + wobble * 10},${300 + wobble},${15 + (i % 3)},${(15 + (i % 3)) * 40})`,
    );
    rows.push(
      `('${source.id}','${project.id}','${date}',${id.get("/pricing-b")},${510 + wobble * 10},${310 + wobble},${21 + (i % 3)},${(21 + (i % 3)) * 41})`,
    );
    rows.push(`('${source.id}','${project.id}','${addDays(START, -60 + i)}',${id.get("/blog")},100,50,1,0)`);
  }
  await db().execute(
    sql.raw(
      `select observations_partition(id) from data_sources where project_id = '${project.id}';
       insert into observations (data_source_id, project_id, date, dimension_set_id, sessions, engaged_sessions, conversions, revenue) values ${rows.join(",")}`,
    ),
  );
}

async function world() {
  const w = await reportWorld();
  await seedLandingPages(w.project);
  return w;
}

const body = (projectId: string, overrides: Record<string, unknown> = {}) => ({
  projectId,
  name: "Pricing page test",
  urlA: "https://www.acme.example/pricing",
  urlB: "/pricing-b",
  periodStart: START,
  periodEnd: END,
  primaryMetric: "conversionRate",
  minimumDetectableEffect: 0.1,
  ...overrides,
});
const create = (token: string, b: unknown) => call(listRoute.POST, { path: "/api/urlsplitters", token, body: b });
const list = (token: string, projectId: string) =>
  call(listRoute.GET, { path: `/api/urlsplitters?projectId=${projectId}`, token });
const get = (id: string, token: string) =>
  call(itemRoute.GET, { path: `/api/urlsplitters/${id}`, params: { id }, token });
const put = (id: string, token: string, b: unknown) =>
  call(itemRoute.PUT, { method: "PUT", path: `/api/urlsplitters/${id}`, params: { id }, token, body: b });
const del = (id: string, token: string) =>
  call(itemRoute.DELETE, { method: "DELETE", path: `/api/urlsplitters/${id}`, params: { id }, token });
const addToReport = (id: string, token: string, reportId: string) =>
  call(insightRoute.POST, { path: `/api/urlsplitters/${id}/insight`, params: { id }, token, body: { reportId } });
const stored = async () => (await db().select({ n: count() }).from(splitUrlTests))[0].n;

describe("URL split tests API", () => {
  beforeEach(resetDatabase);

  it("creates, lists, reads, updates and deletes a test; Viewers read, Data Creators write", async () => {
    const { project, viewer, creator } = await world();
    const created = await create(creator.token, body(project.id));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Pricing page test", urlA: "/pricing", urlB: "/pricing-b" });
    const result = created.body.result;
    expect(result.verdict).toBe("winner");
    expect(result.winner).toBe("b");
    expect(result.headline).toMatch(/^\/pricing-b wins/);
    const conv = result.metrics.find((m: { metric: string }) => m.metric === "conversionRate");
    expect(conv.test).toBe("two_proportion");
    expect(conv.pValue).toBeLessThan(0.05);
    expect(conv.interval.low).toBeGreaterThan(0);
    expect(result.metrics.map((m: { metric: string }) => m.metric)).toEqual([
      "sessions",
      "engagementRate",
      "conversionRate",
      "revenuePerSession",
    ]);
    expect(result.series).toHaveLength(28);
    expect(result.totals.a.sessions).toBeGreaterThan(14000);

    expect((await create(viewer.token, body(project.id))).status).toBe(403);
    const listed = await list(viewer.token, project.id);
    expect(listed.status).toBe(200);
    expect(listed.body.total).toBe(1);
    const id = created.body._id;
    expect((await get(id, viewer.token)).body.result.verdict).toBe("winner");

    // A 50% minimum detectable effect on sessions: no difference, and enough days to say so.
    const updated = await put(id, creator.token, { primaryMetric: "sessions", minimumDetectableEffect: 0.5 });
    expect(updated.status).toBe(200);
    expect(updated.body.result.verdict).toBe("no_difference");
    expect(updated.body.result.headline).toMatch(/^No difference yet/);
    // A 1% effect on engagement rate needs far more sessions than this.
    const small = await put(id, creator.token, { primaryMetric: "engagementRate", minimumDetectableEffect: 0.01 });
    expect(small.body.result.verdict).toBe("not_enough_data");
    expect(small.body.result.headline).toMatch(/more sessions per page are needed to detect a 1\.0% change/);

    expect((await put(id, viewer.token, { name: "x" })).status).toBe(403);
    expect((await del(id, viewer.token)).status).toBe(403);
    expect((await del(id, creator.token)).status).toBe(200);
    expect((await get(id, creator.token)).status).toBe(404);
  });

  it("refuses identical pages, empty periods and a page without traffic with a 400, writing nothing", async () => {
    const { project, creator } = await world();
    const same = await create(creator.token, body(project.id, { urlB: "https://www.acme.example/pricing" }));
    expect(same.status).toBe(400);
    expect(same.body.errors.urlB).toBe(SPLIT_TEST_MESSAGES.identicalUrls);
    const empty = await create(creator.token, body(project.id, { periodStart: "2025-01-01", periodEnd: "2025-01-31" }));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(SPLIT_TEST_MESSAGES.emptyPeriod);
    const noTraffic = await create(creator.token, body(project.id, { urlB: "/blog" }));
    expect(noTraffic.status).toBe(400);
    expect(noTraffic.body.errors.urlB).toBe(SPLIT_TEST_MESSAGES.noTraffic("/blog"));
    const reversed = await create(creator.token, body(project.id, { periodStart: END, periodEnd: START }));
    expect(reversed.status).toBe(400);
    expect((await create(creator.token, body(project.id, { urlA: "not a url" }))).status).toBe(400);
    expect((await create(creator.token, body(project.id, { minimumDetectableEffect: 0 }))).status).toBe(400);
    expect(await stored()).toBe(0);

    const ok = await create(creator.token, body(project.id));
    const id = ok.body._id;
    const bad = await put(id, creator.token, { urlA: "/pricing-b" });
    expect(bad.status).toBe(400);
    expect((await put(id, creator.token, { urlB: "/blog" })).status).toBe(400);
    expect((await get(id, creator.token)).body).toMatchObject({ urlA: "/pricing", urlB: "/pricing-b" });
  });

  it("gives another agency 404 for every id, and its own project's tests stay apart", async () => {
    const { project, creator, main } = await world();
    const id = (await create(creator.token, body(project.id))).body._id;
    const report = await insertReport(project, { status: "ready" });
    const other = await createAgency();
    for (const res of [
      await get(id, other.token),
      await put(id, other.token, { name: "mine" }),
      await del(id, other.token),
      await addToReport(id, other.token, report.id),
      await list(other.token, project.id),
      await create(other.token, body(project.id)),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MESSAGES.notFound);
    }
    // A report of another project of the same agency is not this test's.
    const client2 = await insertClient(main.agency.id);
    const p2 = await insertProject(client2);
    const foreignReport = await insertReport(p2, { status: "ready" });
    expect((await addToReport(id, main.token, foreignReport.id)).status).toBe(404);
    expect(await stored()).toBe(1);
  });

  it("adds the result to a report as an insight, which the Excel export carries", async () => {
    const { project, creator, viewer } = await world();
    const report = await insertReport(project);
    const id = (await create(creator.token, body(project.id))).body._id;
    // Not ready yet: refused, nothing added.
    expect((await addToReport(id, creator.token, report.id)).status).toBe(400);
    await generateReport(report.id);
    const before = (await listInsights(project.id, viewer.token)).body.total;
    expect((await addToReport(id, viewer.token, report.id)).status).toBe(403);
    const added = await addToReport(id, creator.token, report.id);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ title: "Split test: Pricing page test", group: "other", reportId: report.id });
    expect(added.body.findings).toHaveLength(4);
    const listed = (await listInsights(project.id, viewer.token)).body;
    expect(listed.total).toBe(before + 1);
    const [row] = await db().select().from(insights).where(eq(insights.id, added.body._id));
    expect(row.rank).toBe(before + 1);

    const res = await callBytes(excelRoute.GET, {
      path: `/api/properties/${project.id}/insights/export/excel?reportId=${report.id}`,
      params: { id: project.id },
      token: viewer.token,
    });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.bytes as unknown as ExcelJS.Buffer);
    const cells: string[] = [];
    wb.eachSheet((ws) =>
      ws.eachRow((r) =>
        r.eachCell((c) => cells.push(typeof c.value === "object" ? JSON.stringify(c.value) : String(c.value))),
      ),
    );
    expect(cells).toContain("Split test: Pricing page test");
    expect(cells).toContain("Split test");
    expect(cells.some((c) => c.startsWith("conversion rate: /pricing-b minus /pricing"))).toBe(true);
    expect(cells).toContain("Landing page: /pricing-b vs /pricing");

    // The slides carry it too, with its chart of both pages.
    const deck = await callBytes(pptxRoute.GET, {
      path: `/api/properties/${project.id}/insights/export/powerpoint?reportId=${report.id}`,
      params: { id: project.id },
      token: viewer.token,
    });
    expect(deck.status).toBe(200);
    const pkg = await readPackage(deck.bytes);
    const slides = pkg.paths.filter((p) => /^ppt\/slides\/slide\d+\.xml$/.test(p));
    expect(slides.some((p) => pkg.text(p).includes("Split test: Pricing page test"))).toBe(true);
  });
});

import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as excelRoute from "@/app/api/properties/[id]/insights/export/excel/route";
import * as customizationRoute from "@/app/api/properties/[id]/customization/route";
import * as kpisRoute from "@/app/api/reports/[id]/kpis/route";
import * as insightRoute from "@/app/api/insights/[id]/route";
import * as insightsRoute from "@/app/api/insights/properties/[id]/route";
import * as reportRoute from "@/app/api/reports/[id]/route";
import * as tagRoute from "@/app/api/tags/[id]/route";
import * as savedRoute from "@/app/api/saved-insights/properties/[id]/route";
import { db } from "@/server/db/client";
import { clients, reports } from "@/server/db/schema";
import { CACHE_AGES_SECONDS, cacheMaxAge } from "@/server/http/read-cache";
import { buildOpenApiDocument, CACHED_READS } from "@/server/openapi/build-document";
import { generateReport } from "@/server/services/reports/generate-report";
import { call, callBytes, type CallResult } from "@/test/api";
import { customizationForm } from "@/test/customization-fixtures";
import { resetDatabase } from "@/test/db";
import { createAgency } from "@/test/factories";
import { addTag, insertReport, reportWorld } from "@/test/report-fixtures";
import { insertClient, insertProject } from "@/test/workspace";

type Read = (token: string, headers?: Record<string, string>) => Promise<CallResult>;

// The four JSON reads of a ready report, through their route handlers.
function reads(projectId: string, reportId: string, insightId: string): Record<string, Read> {
  return {
    report: (token, headers) =>
      call(reportRoute.GET, { path: `/api/reports/${reportId}`, params: { id: reportId }, token, headers }),
    kpis: (token, headers) =>
      call(kpisRoute.GET, { path: `/api/reports/${reportId}/kpis`, params: { id: reportId }, token, headers }),
    insights: (token, headers) =>
      call(insightsRoute.GET, {
        path: `/api/insights/properties/${projectId}?reportId=${reportId}`,
        params: { id: projectId },
        token,
        headers,
      }),
    insight: (token, headers) =>
      call(insightRoute.GET, { path: `/api/insights/${insightId}`, params: { id: insightId }, token, headers }),
  };
}

const excel = (projectId: string, reportId: string, token: string, headers?: Record<string, string>) =>
  callBytes(excelRoute.GET, {
    path: `/api/properties/${projectId}/insights/export/excel?reportId=${reportId}`,
    params: { id: projectId },
    token,
    headers,
  });

const setLook = (projectId: string, token: string, chartColor: string) =>
  call(customizationRoute.PUT, {
    method: "PUT",
    path: `/api/properties/${projectId}/customization`,
    params: { id: projectId },
    token,
    formData: customizationForm({ chartColor }),
  });

async function etags(all: Record<string, Read>, token: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [name, read] of Object.entries(all)) {
    const res = await read(token);
    expect(res.status, name).toBe(200);
    out[name] = res.headers.get("etag")!;
  }
  return out;
}

describe("the ladder of cache ages", () => {
  it("is the spec's 5, 2, 1, 1, 1, 0.5 minutes summed, and a copy is reused no longer than its version held", () => {
    expect(CACHE_AGES_SECONDS).toEqual([300, 420, 480, 540, 600, 630]);
    expect(cacheMaxAge(0)).toBe(0);
    expect(cacheMaxAge(299_999)).toBe(0);
    expect(cacheMaxAge(300_000)).toBe(300);
    expect(cacheMaxAge(8.5 * 60_000)).toBe(480);
    expect(cacheMaxAge(10 * 60_000)).toBe(600);
    expect(cacheMaxAge(3 * 3_600_000)).toBe(630);
  });
});

describe("the API document", () => {
  it("lists the 304 of each cached read, and only of GET", () => {
    const document = buildOpenApiDocument("http://localhost:3000") as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    for (const path of CACHED_READS) expect(document.paths[path].get.responses["304"], path).toBeDefined();
    expect(document.paths["/api/reports/{id}"].delete.responses["304"]).toBeUndefined();
    expect(document.paths["/api/properties/{id}/insights/export/excel"].post.responses["304"]).toBeUndefined();
  });
});

describe("cached reads of a ready report", () => {
  let w: Awaited<ReturnType<typeof reportWorld>>;
  let reportId: string;
  let insightIds: string[];

  beforeAll(async () => {
    await resetDatabase();
    w = await reportWorld();
    const report = await insertReport(w.project);
    await generateReport(report.id);
    reportId = report.id;
    const list = await call(insightsRoute.GET, {
      path: `/api/insights/properties/${w.project.id}?reportId=${reportId}`,
      params: { id: w.project.id },
      token: w.main.token,
    });
    insightIds = list.body.docs.map((d: { _id: string }) => d._id);
    expect(insightIds.length).toBeGreaterThan(2);
  });

  it("answers 200 with a strong ETag and private caching, then 304 without a body when the ETag matches", async () => {
    const all = reads(w.project.id, reportId, insightIds[0]);
    for (const [name, read] of Object.entries(all)) {
      const first = await read(w.viewer.token);
      expect(first.status, name).toBe(200);
      const etag = first.headers.get("etag")!;
      expect(etag, name).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const cacheControl = first.headers.get("cache-control")!;
      expect(cacheControl, name).toMatch(/^private, max-age=\d+$/);
      expect(cacheControl, name).not.toContain("public");
      expect(first.headers.get("vary"), name).toContain("Authorization");

      const again = await read(w.viewer.token, { "if-none-match": etag });
      expect(again.status, name).toBe(304);
      expect(again.body, name).toBeNull();
      expect(again.headers.get("etag"), name).toBe(etag);
      expect(again.headers.get("cache-control"), name).toMatch(/^private, max-age=\d+$/);
      // Any of a list matches, and a weak copy of the same tag too (RFC 9110's weak comparison).
      expect((await read(w.viewer.token, { "if-none-match": `"other", W/${etag}` })).status, name).toBe(304);
      // A stale ETag gets the whole answer again.
      expect((await read(w.viewer.token, { "if-none-match": '"stale"' })).status, name).toBe(200);
    }
    const file = await excel(w.project.id, reportId, w.viewer.token);
    expect(file.status).toBe(200);
    expect(file.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
    const notModified = await excel(w.project.id, reportId, w.viewer.token, {
      "if-none-match": file.headers.get("etag")!,
    });
    expect(notModified.status).toBe(304);
    expect(notModified.bytes.length).toBe(0);
  });

  it("gives each reader their own ETag (an insight list says which insights the reader saved)", async () => {
    const all = reads(w.project.id, reportId, insightIds[0]);
    const viewer = await etags(all, w.viewer.token);
    const creator = await etags(all, w.creator.token);
    for (const name of Object.keys(all)) expect(creator[name], name).not.toBe(viewer[name]);
  });

  it("takes the cache age from the ladder by how long the version has held", async () => {
    const all = reads(w.project.id, reportId, insightIds[0]);
    const before = await etags(all, w.viewer.token);
    // A version that rose 6 minutes ago, then one that has held 2 hours (set with the version: the row's trigger
    // otherwise starts a new version now).
    const heldSince = (interval: string) =>
      db()
        .update(reports)
        .set({ readVersion: sql`${reports.readVersion} + 1`, readChangedAt: sql`now() - ${interval}::interval` })
        .where(eq(reports.id, reportId));
    await heldSince("6 minutes");
    expect((await all.report(w.viewer.token)).headers.get("cache-control")).toBe("private, max-age=300");
    await heldSince("2 hours");
    for (const read of Object.values(all))
      expect((await read(w.viewer.token)).headers.get("cache-control")).toBe("private, max-age=630");
    const after = await etags(all, w.viewer.token);
    for (const name of Object.keys(all)) expect(after[name], name).not.toBe(before[name]);
    // Any other change of the report row is a new version, whose age starts again.
    await db().update(reports).set({ name: "Renamed" }).where(eq(reports.id, reportId));
    const renamed = await all.report(w.viewer.token, { "if-none-match": after.report });
    expect(renamed.status).toBe(200);
    expect(renamed.headers.get("cache-control")).toBe("private, max-age=0");
  });

  it("changes every read's ETag when a tag is added, renamed or removed, and the new answer shows the tags", async () => {
    const all = reads(w.project.id, reportId, insightIds[0]);
    const start = await etags(all, w.viewer.token);
    const tag = await addTag(w.project.id, w.creator.token, { name: "Board deck", insightIds: [insightIds[0]] });
    expect(tag.status).toBe(201);
    const tagged = await etags(all, w.viewer.token);
    for (const name of Object.keys(all)) expect(tagged[name], name).not.toBe(start[name]);
    // The copy the viewer held is stale: revalidating it gets the list with the tag.
    const fresh = await all.insights(w.viewer.token, { "if-none-match": start.insights });
    expect(fresh.status).toBe(200);
    const first = fresh.body.docs.find((d: { _id: string }) => d._id === insightIds[0]);
    expect(first.tags).toEqual([{ _id: tag.body._id, name: "Board deck" }]);

    const renamed = await call(tagRoute.PUT, {
      method: "PUT",
      path: `/api/tags/${tag.body._id}`,
      params: { id: tag.body._id },
      token: w.creator.token,
      body: { name: "Monthly" },
    });
    expect(renamed.status).toBe(200);
    const afterRename = await all.insights(w.viewer.token, { "if-none-match": tagged.insights });
    expect(afterRename.status).toBe(200);
    expect(afterRename.body.docs.find((d: { _id: string }) => d._id === insightIds[0]).tags[0].name).toBe("Monthly");

    const removedEtag = afterRename.headers.get("etag")!;
    const removed = await call(tagRoute.DELETE, {
      method: "DELETE",
      path: `/api/tags/${tag.body._id}`,
      params: { id: tag.body._id },
      token: w.creator.token,
    });
    expect(removed.status).toBe(200);
    const afterDelete = await all.insight(w.viewer.token, { "if-none-match": removedEtag });
    expect(afterDelete.status).toBe(200);
    expect(afterDelete.body.tags).toEqual([]);
  });

  it("changes the reader's ETag when they save an insight", async () => {
    const all = reads(w.project.id, reportId, insightIds[1]);
    const before = await etags(all, w.viewer.token);
    const saved = await call(savedRoute.POST, {
      path: `/api/saved-insights/properties/${w.project.id}`,
      params: { id: w.project.id },
      token: w.viewer.token,
      body: { insightId: insightIds[1] },
    });
    expect(saved.status).toBeLessThan(300);
    const res = await all.insights(w.viewer.token, { "if-none-match": before.insights });
    expect(res.status).toBe(200);
    expect(res.body.docs.find((d: { _id: string }) => d._id === insightIds[1]).saved).toBe(true);
  });

  it("changes every read's ETag, the export's too, when the project's, the client's or the agency's look changes", async () => {
    const all = reads(w.project.id, reportId, insightIds[0]);
    const before = await etags(all, w.viewer.token);
    const fileBefore = (await excel(w.project.id, reportId, w.viewer.token)).headers.get("etag")!;
    expect((await setLook(w.project.id, w.main.token, "#123456")).status).toBe(200);
    const after = await etags(all, w.viewer.token);
    for (const name of Object.keys(all)) expect(after[name], name).not.toBe(before[name]);
    const fileAfter = await excel(w.project.id, reportId, w.viewer.token, { "if-none-match": fileBefore });
    expect(fileAfter.status).toBe(200);
    expect(fileAfter.headers.get("etag")).not.toBe(fileBefore);

    // A look set above the project (the client's, inherited) or a name the export carries (the client's).
    await db().execute(sql`insert into customizations (agency_id, level, client_id, chart_color)
      values (${w.main.agency.id}, 'client', ${w.client.id}, '#654321')`);
    const clientLook = await etags(all, w.viewer.token);
    for (const name of Object.keys(all)) expect(clientLook[name], name).not.toBe(after[name]);
    await db().update(clients).set({ name: "Acme Group" }).where(eq(clients.id, w.client.id));
    const renamed = await etags(all, w.viewer.token);
    for (const name of Object.keys(all)) expect(renamed[name], name).not.toBe(clientLook[name]);
  });

  it("keeps another agency's report a 404 (never a 304), with or without the right ETag", async () => {
    const all = reads(w.project.id, reportId, insightIds[0]);
    const held = await etags(all, w.main.token);
    const other = await createAgency();
    const otherClient = await insertClient(other.agency.id, { name: "Other" });
    const otherProject = await insertProject(otherClient, { name: "Other site" });
    for (const [name, read] of Object.entries(all)) {
      for (const headers of [undefined, { "if-none-match": held[name] }, { "if-none-match": "*" }]) {
        const res = await read(other.token, headers);
        expect(res.status, name).toBe(404);
        expect(res.headers.get("etag"), name).toBeNull();
        expect(res.headers.get("cache-control"), name).toBe("no-store");
      }
    }
    // The report's id under the other agency's own project: not theirs, so 404 too.
    const viaOwnProject = await call(insightsRoute.GET, {
      path: `/api/insights/properties/${otherProject.id}?reportId=${reportId}`,
      params: { id: otherProject.id },
      token: other.token,
      headers: { "if-none-match": held.insights },
    });
    expect(viaOwnProject.status).toBe(404);
    const file = await excel(otherProject.id, reportId, other.token, { "if-none-match": "*" });
    expect(file.status).toBe(404);
  });

  it("does not cache a report that is not ready, nor a tag's insights (which span reports)", async () => {
    const queued = await insertReport(w.project);
    const res = await reads(w.project.id, queued.id, insightIds[0]).report(w.main.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).toBeNull();
    expect(res.headers.get("cache-control")).toBe("no-store");
    const tag = await addTag(w.project.id, w.creator.token, { name: "Spanning", insightIds: [insightIds[0]] });
    const byTag = await call(insightsRoute.GET, {
      path: `/api/insights/properties/${w.project.id}?tag=${tag.body._id}`,
      params: { id: w.project.id },
      token: w.main.token,
    });
    expect(byTag.status).toBe(200);
    expect(byTag.headers.get("etag")).toBeNull();
    expect(byTag.headers.get("cache-control")).toBe("no-store");
  });
});

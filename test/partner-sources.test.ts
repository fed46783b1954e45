import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import * as partnerRoute from "@/app/api/properties/[id]/data-sources/partner/route";
import * as syncRoute from "@/app/api/data-sources/[id]/sync/route";
import { PARTNER_MESSAGES as M } from "@/lib/constants/partner-messages";
import { startPartnerFake, type PartnerFake } from "@/e2e/fakes/partners/server";
import { db } from "@/server/db/client";
import { dataSourceSyncRuns } from "@/server/db/schema";
import { resetPartnerConfig } from "@/server/integrations/partners/config";
import { PartnerApiError } from "@/server/integrations/partners/errors";
import { syncPartnerSource } from "@/server/services/data-sources/sync/partners/run-partner-sync";
import { call } from "@/test/api";
import { queuedJobs, resetDatabase } from "@/test/db";
import { createAgency } from "@/test/factories";
import { uploadWorld } from "@/test/data-source-fixtures";

// Keyword-data partner (Semrush Position Tracking) and competitor (Similarweb) sources: created
// through the API with their domains checked, synced from the local fakes into the real database.

const TODAY = "2026-03-10";
let fake: PartnerFake;

beforeAll(async () => {
  fake = await startPartnerFake();
  process.env.SEMRUSH_API_URL = fake.url;
  process.env.SEMRUSH_API_KEY = "semrush-test-key";
  process.env.SIMILARWEB_API_URL = fake.url;
  process.env.SIMILARWEB_API_KEY = "similarweb-test-key";
  process.env.PARTNER_RETRY_BASE_MS = "1";
  resetPartnerConfig();
});
afterAll(async () => {
  await fake.close();
  resetPartnerConfig();
});
beforeEach(resetDatabase);

const create = (projectId: string, token: string, body: unknown) =>
  call(partnerRoute.POST, {
    path: `/api/properties/${projectId}/data-sources/partner`,
    params: { id: projectId },
    token,
    body,
  });

async function sums(dataSourceId: string) {
  const { rows } = await db().execute<{ days: number; rows: number; combos: number }>(sql`
    select count(distinct date)::int as days, count(*)::int as rows, count(distinct dimension_set_id)::int as combos
    from observations where data_source_id = ${dataSourceId}`);
  return rows[0];
}

describe("competitor sources", () => {
  it("refuses a domain that is not a URL and a duplicate, naming the entry", async () => {
    const { main, project } = await uploadWorld();
    const bad = await create(project.id, main.token, {
      kind: "competitor",
      competitors: ["rival.com", "not a domain"],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ "competitors.1": M.domainInvalid });
    const twice = await create(project.id, main.token, {
      kind: "competitor",
      competitors: ["rival.com", "https://www.Rival.com/shop"],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toEqual({ "competitors.1": M.domainDuplicate });
  });

  it("is created with its domains, queues its first sync, and imports daily visits per domain", async () => {
    const { main, project } = await uploadWorld();
    const res = await create(project.id, main.token, {
      kind: "competitor",
      competitors: ["https://www.rival.com/", "other-shop.co.uk"],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      kind: "competitor",
      additional: { competitors: ["rival.com", "other-shop.co.uk"] },
    });
    expect(await queuedJobs("sync-partner-source")).toEqual([{ dataSourceId: res.body._id }]);

    const outcome = await syncPartnerSource(res.body._id, { today: TODAY });
    expect(outcome).toMatchObject({ status: "succeeded", startDate: "2025-12-10", endDate: "2026-03-09" });
    const first = await sums(res.body._id);
    expect(first).toEqual({ days: 90, rows: 180, combos: 2 });

    // The next day re-reads the last 3 days: replaced, not added.
    const again = await syncPartnerSource(res.body._id, { today: "2026-03-11" });
    expect(again).toMatchObject({ status: "succeeded", startDate: "2026-03-08", endDate: "2026-03-10" });
    expect(await sums(res.body._id)).toEqual({ days: 91, rows: 182, combos: 2 });
  });
});

describe("keyword-data partner sources", () => {
  it("imports each keyword's position by day, weighted by its searches", async () => {
    const { main, project } = await uploadWorld();
    const res = await create(project.id, main.token, {
      kind: "keyword_partner",
      campaignId: "12920575_1209408",
      domain: "https://acme-outdoor.com",
    });
    expect(res.status).toBe(201);
    expect(res.body.additional).toEqual({ campaignId: "12920575_1209408", domain: "acme-outdoor.com" });
    const outcome = await syncPartnerSource(res.body._id, { today: TODAY });
    expect(outcome.status).toBe("succeeded");
    expect(await sums(res.body._id)).toMatchObject({ combos: 3 });
    const { rows } = await db().execute<{ keyword: string; position: number; impressions: number }>(sql`
      select d.keyword, sum(o.position_weighted) / sum(o.impressions) as position, sum(o.impressions) as impressions
      from observations o join dimension_sets d on d.id = o.dimension_set_id
      where o.data_source_id = ${res.body._id} and o.date = '2026-03-09' group by d.keyword order by d.keyword`);
    expect(rows.map((r) => r.keyword)).toEqual(["hiking boots", "trail running shoes", "waterproof jacket"]);
    for (const r of rows) expect(r.position).toBeGreaterThanOrEqual(1);
    expect(Number(rows[0].impressions)).toBeCloseTo(9900 / 30);
    expect(fake.requests.some((p) => p === "/reports/v1/projects/12920575_1209408/tracking/")).toBe(true);
  });

  it("retries 429 and 5xx; a refused key fails the run with a clear message and keeps what was imported", async () => {
    const { main, project } = await uploadWorld();
    const res = await create(project.id, main.token, {
      kind: "keyword_partner",
      campaignId: "1_2",
      domain: "acme-outdoor.com",
    });
    fake.failNext(429);
    fake.failNext(503);
    expect((await syncPartnerSource(res.body._id, { today: TODAY })).status).toBe("succeeded");
    const before = await sums(res.body._id);

    process.env.SEMRUSH_API_KEY = "revoked";
    resetPartnerConfig();
    try {
      const failed = await syncPartnerSource(res.body._id, { today: "2026-03-11" });
      expect(failed.status).toBe("failed");
      if (failed.status === "failed") expect(failed.error.message).toBe(M.keyRefused("Semrush"));
    } finally {
      process.env.SEMRUSH_API_KEY = "semrush-test-key";
      resetPartnerConfig();
    }
    expect(await sums(res.body._id)).toEqual(before);
    const runs = await db().select().from(dataSourceSyncRuns).where(eq(dataSourceSyncRuns.dataSourceId, res.body._id));
    expect(runs.map((r) => r.status).sort()).toEqual(["failed", "succeeded"]);
  });

  it("shows a failed first import on the source's page and imports again on Import now", async () => {
    const { main, project } = await uploadWorld();
    const res = await create(project.id, main.token, { kind: "competitor", competitors: ["rival.example"] });
    const id = res.body._id as string;
    process.env.SIMILARWEB_API_KEY = "revoked";
    resetPartnerConfig();
    try {
      expect((await syncPartnerSource(id, { today: TODAY })).status).toBe("failed");
    } finally {
      process.env.SIMILARWEB_API_KEY = "similarweb-test-key";
      resetPartnerConfig();
    }
    const route = { path: `/api/data-sources/${id}/sync`, params: { id }, token: main.token };
    // The page shows the imports panel with the run's error and an Import now button (syncable), not an upload card.
    const status = await call(syncRoute.GET, route);
    expect(status.body).toMatchObject({ syncable: true, state: { lastError: M.keyRefused("Similarweb") } });
    expect(status.body.runs.map((r: { status: string }) => r.status)).toEqual(["failed"]);
    const again = await call(syncRoute.POST, { ...route, method: "POST", body: {} });
    expect(again.status).toBe(202);
    const queued = await queuedJobs<{ dataSourceId: string }>("sync-partner-source");
    expect(queued.some((j) => j.dataSourceId === id)).toBe(true);
    expect((await syncPartnerSource(id, { today: TODAY })).status).toBe("succeeded");
    expect((await call(syncRoute.GET, route)).body).toMatchObject({ state: { lastError: null } });
  });

  it("an unreadable answer is thrown for the job to retry, with nothing half-written", async () => {
    const { main, project } = await uploadWorld();
    const res = await create(project.id, main.token, { kind: "competitor", competitors: ["rival.com"] });
    fake.failNext("malformed");
    await expect(syncPartnerSource(res.body._id, { today: TODAY })).rejects.toBeInstanceOf(PartnerApiError);
    expect(await sums(res.body._id)).toEqual({ days: 0, rows: 0, combos: 0 });
  });

  it("refuses a campaign id Semrush would not know, and another agency's project is 404", async () => {
    const { main, project } = await uploadWorld();
    const bad = await create(project.id, main.token, { kind: "keyword_partner", campaignId: "abc", domain: "x" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["campaignId", "domain"]);
    expect(bad.body.errors.domain).toBe(M.domainInvalid);
    const other = await createAgency();
    const res = await create(project.id, other.token, { kind: "competitor", competitors: ["rival.com"] });
    expect(res.status).toBe(404);
  });
});

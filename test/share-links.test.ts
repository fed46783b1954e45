import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as accessTokenRoute from "@/app/api/accessToken/route";
import * as kpisRoute from "@/app/api/reports/[id]/kpis/route";
import * as revokeRoute from "@/app/api/reportTokens/[id]/revoke/route";
import * as reportTokensRoute from "@/app/api/reportTokens/route";
import { SHARE_LINK_MESSAGES } from "@/lib/constants/share-link-messages";
import { db } from "@/server/db/client";
import { reportShareLinks } from "@/server/db/schema";
import { generateReport } from "@/server/services/reports/generate-report";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency } from "@/test/factories";
import { insertReport, listInsights, reportWorld } from "@/test/report-fixtures";

let world: Awaited<ReturnType<typeof reportWorld>>;
let reportId: string;

beforeAll(async () => {
  await resetDatabase();
  world = await reportWorld();
  const report = await insertReport(world.project, { name: "March for Acme" });
  await generateReport(report.id);
  reportId = report.id;
});

const create = (token: string, body: Record<string, unknown>) =>
  call(reportTokensRoute.POST, { path: "/api/reportTokens", token, body });
const list = (token: string, id = reportId) =>
  call(reportTokensRoute.GET, { path: `/api/reportTokens?reportId=${id}`, token });
const revoke = (token: string, id: string) =>
  call(revokeRoute.POST, { method: "POST", path: `/api/reportTokens/${id}/revoke`, params: { id }, token });
const open = (token: string) => call(accessTokenRoute.POST, { path: "/api/accessToken", body: { token } });

describe("report share links", () => {
  it("creates a link shown once, opens the report without an account, and counts the openings", async () => {
    const res = await create(world.main.token, { reportId, expiresInDays: 7 });
    expect(res.status).toBe(200);
    expect(res.body.url).toBe(`http://localhost:3000/shared/${res.body.token}`);
    expect(res.body.status).toBe("active");
    const days = (Date.parse(res.body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    // Only the hash is stored.
    const [row] = await db().select().from(reportShareLinks).where(eq(reportShareLinks.id, res.body._id));
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.tokenHash).not.toContain(res.body.token);

    const shared = await open(res.body.token);
    expect(shared.status).toBe(200);
    expect(shared.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const expected = (await listInsights(world.project.id, world.main.token, `?reportId=${reportId}`)).body.docs;
    expect(shared.body.report).toMatchObject({ _id: reportId, name: "March for Acme" });
    expect(shared.body.client.name).toBe("Acme");
    expect(shared.body.project).toEqual({ name: "Acme leads", currency: "EUR" });
    expect(shared.body.theme.reportTitle).toBeTruthy();
    expect(shared.body.insights.length).toBeGreaterThan(0);
    expect(shared.body.insights.map((i: { _id: string }) => i._id).sort()).toEqual(
      expected.map((i: { _id: string }) => i._id).sort(),
    );

    // The report page's headline figures come with it, the same as the team sees (GET /reports/{id}/kpis).
    const figures = await call(kpisRoute.GET, {
      path: `/api/reports/${reportId}/kpis`,
      params: { id: reportId },
      token: world.main.token,
    });
    expect(shared.body.kpis.kpis.length).toBeGreaterThan(0);
    expect(shared.body.kpis).toEqual(figures.body);

    await open(res.body.token);
    const [listed] = (await list(world.main.token)).body.docs;
    expect(listed).toMatchObject({ _id: res.body._id, status: "active", openCount: 2 });
    expect(listed.token).toBeUndefined();
  });

  it("stops opening once expired or revoked, with a clear message and no server error", async () => {
    const expiring = (await create(world.main.token, { reportId })).body;
    await db()
      .update(reportShareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reportShareLinks.id, expiring._id));
    const expired = await open(expiring.token);
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe(SHARE_LINK_MESSAGES.expired);

    const revoking = (await create(world.creator.token, { reportId })).body;
    expect((await open(revoking.token)).status).toBe(200);
    const done = await revoke(world.creator.token, revoking._id);
    expect(done.body.status).toBe("revoked");
    const revoked = await open(revoking.token);
    expect(revoked.status).toBe(410);
    expect(revoked.body.message).toBe(SHARE_LINK_MESSAGES.revoked);

    const unknown = await open("x".repeat(43));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(SHARE_LINK_MESSAGES.notFound);
    expect((await open("short")).status).toBe(400);

    const statuses = (await list(world.main.token)).body.docs.map((d: { status: string }) => d.status);
    expect(statuses).toEqual(expect.arrayContaining(["active", "expired", "revoked"]));
  });

  it("lets only those who manage the client's reports share them; other agencies' ids are not found", async () => {
    expect((await create(world.viewer.token, { reportId })).status).toBe(403);
    const mine = (await create(world.main.token, { reportId })).body;
    expect((await revoke(world.viewer.token, mine._id)).status).toBe(403);

    const other = await createAgency();
    expect((await create(other.token, { reportId })).status).toBe(404);
    expect((await list(other.token)).status).toBe(404);
    expect((await revoke(other.token, mine._id)).status).toBe(404);
    expect((await open(mine.token)).status).toBe(200);

    expect((await create(world.main.token, { reportId: crypto.randomUUID() })).status).toBe(404);
    expect((await create(world.main.token, { reportId, expiresInDays: 0 })).status).toBe(400);
    expect((await create("", { reportId })).status).toBe(401);
  });

  it("refuses to share a report that is not ready yet", async () => {
    const queued = await insertReport(world.project);
    const res = await create(world.main.token, { reportId: queued.id });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(SHARE_LINK_MESSAGES.notReady);
  });
});

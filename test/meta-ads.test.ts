import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { count, eq, sql } from "drizzle-orm";
import * as accountsRoute from "@/app/api/meta/ad-accounts/route";
import * as metaSourceRoute from "@/app/api/properties/[id]/data-sources/meta/route";
import * as connectRoute from "@/app/api/properties/[id]/data-sources/connect/[integration]/route";
import * as callbackRoute from "@/app/callback/[integration]/route";
import * as sessionsRoute from "@/app/api/users/third-party-session/[id]/route";
import { firstDay, forEachMetaRow, metaDays } from "@/e2e/fakes/meta/data";
import { startMetaFake, type MetaFake } from "@/e2e/fakes/meta/server";
import { db } from "@/server/db/client";
import { dataSources, dataSourceSyncStates, thirdPartySessions } from "@/server/db/schema";
import { decryptSecret } from "@/server/auth/encryption";
import { resetMetaConfig } from "@/server/integrations/meta/config";
import { resetMetaPauses } from "@/server/integrations/meta/rate-limit";
import { resetPremiumConfig } from "@/server/integrations/premium/config";
import { syncPartnerSource } from "@/server/services/data-sources/sync/partners/run-partner-sync";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency, tokenFor } from "@/test/factories";
import { insertClient, insertProject } from "@/test/workspace";

// Meta Ads against a local fake of Facebook Login and the Marketing API, through the official SDK:
// the code flow to a long-lived token, the choice of ad account, the first import of 37 months by
// async report runs, the daily re-read of the last 3 days, the usage headers, and a revoked token.

const TODAY = "2026-03-10";
let fake: MetaFake;

beforeAll(async () => {
  fake = await startMetaFake({ today: TODAY, campaigns: 4 });
});
afterAll(async () => {
  await fake.close();
  resetMetaConfig();
  resetPremiumConfig();
});
beforeEach(async () => {
  await resetDatabase();
  Object.assign(process.env, {
    META_APP_ID: fake.appId,
    META_APP_SECRET: fake.appSecret,
    META_AUTH_URL: `${fake.url}v24.0/dialog/oauth`,
    META_GRAPH_URL: fake.url,
    META_RATE_LIMIT_MINUTE_MS: "30",
    META_ASYNC_POLL_MS: "5",
  });
  resetMetaConfig();
  resetPremiumConfig();
  resetMetaPauses();
  fake.throttle(0, 0);
  fake.setUsage(5);
});

async function world() {
  const { agency, admin } = await createAgency();
  const project = await insertProject(await insertClient(agency.id, { name: "Northwind" }));
  return { agency, admin, project, token: await tokenFor(admin.id) };
}

/** Connect, Facebook's login dialog, the callback: where the browser is sent next. */
async function connectMeta(projectId: string, token: string) {
  const started = await call(connectRoute.POST, {
    path: `/api/properties/${projectId}/data-sources/connect/meta`,
    params: { id: projectId, integration: "meta" },
    token,
    body: { name: "Meta ads" },
  });
  expect(started.status).toBe(200);
  const dialog = new URL(started.body.url);
  expect(dialog.searchParams.get("response_type")).toBe("code");
  expect(dialog.searchParams.get("scope")).toContain("ads_read");
  const page = await (await fetch(started.body.url)).text();
  const link = /<a href="([^"]+)">Continue<\/a>/.exec(page)![1].replaceAll("&amp;", "&");
  const nonce = /funnelwise-meta-oauth=([^;]+)/.exec(started.headers.get("set-cookie") ?? "")![1];
  const back = await call(callbackRoute.GET, {
    path: `/callback/meta?${new URL(link).searchParams}`,
    params: { integration: "meta" },
    token,
    headers: { cookie: `funnelwise-meta-oauth=${nonce}` },
  });
  expect(back.status).toBe(302);
  return new URL(back.headers.get("location")!);
}

/** What the fake holds for an account over [start, end]: the sums the import must reach. */
function served(accountId: string, start: string, end: string) {
  const t = { rows: 0, impressions: 0, clicks: 0, cost: 0, conversions: 0, revenue: 0 };
  for (const day of metaDays(fake.settings, start, end))
    forEachMetaRow(fake.settings, accountId, day, (r) => {
      t.rows++;
      t.impressions += r.impressions;
      t.clicks += r.linkClicks;
      t.cost += r.spendCents;
      t.conversions += r.purchases;
      t.revenue += r.purchaseValueCents;
    });
  return { ...t, cost: Math.round(t.cost), revenue: Math.round(t.revenue) };
}

async function stored(dataSourceId: string, start = "1900-01-01", end = "2999-01-01") {
  const { rows } = await db().execute<Record<string, number>>(sql`
    select count(*)::int as rows, coalesce(sum(impressions), 0)::float as impressions, coalesce(sum(clicks), 0)::float as clicks,
      round(coalesce(sum(cost), 0)::numeric * 100)::float as cost, coalesce(sum(conversions), 0)::float as conversions,
      round(coalesce(sum(revenue), 0)::numeric * 100)::float as revenue, count(distinct date)::int as days
    from observations where data_source_id = ${dataSourceId} and date between ${start} and ${end}`);
  return rows[0];
}

describe("Meta Ads", () => {
  it("connects through Facebook Login, lets the user choose an ad account, and keeps a long-lived token", async () => {
    const { project, token, admin } = await world();
    const next = await connectMeta(project.id, token);
    // The fake login manages two ad accounts: on to the choice.
    expect(next.pathname).toBe(`/client-projects/${project.id}/data-sources/meta-accounts`);
    const sessionId = next.searchParams.get("session")!;
    const [session] = await db().select().from(thirdPartySessions).where(eq(thirdPartySessions.id, sessionId));
    expect(session).toMatchObject({ userId: admin.id, type: "meta" });
    // Encrypted at rest, and the long-lived one (the exchange's second step), about 60 days.
    expect(session.accessTokenEncrypted).not.toMatch(/^EAA/);
    expect(decryptSecret(session.accessTokenEncrypted)).toMatch(/^EAAL/);
    expect(session.expiresAt!.getTime() - Date.now()).toBeGreaterThan(59 * 86_400_000);

    const listed = await call(accountsRoute.GET, { path: `/api/meta/ad-accounts?sessionId=${sessionId}`, token });
    expect(listed.body.docs).toEqual([
      { id: "1122334455", name: "Northwind Meta Ads", currency: "USD", timeZone: "America/New_York" },
      { id: "5566778899", name: "Contoso Meta", currency: "EUR", timeZone: "Europe/Berlin" },
    ]);
    const create = (body: unknown, as = token) =>
      call(metaSourceRoute.POST, {
        path: `/api/properties/${project.id}/data-sources/meta`,
        params: { id: project.id },
        token: as,
        body,
      });
    const unknown = await create({ sessionId, adAccountId: "42" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.adAccountId).toMatch(/Choose one of the ad accounts/);
    const created = await create({ sessionId, adAccountId: "5566778899", name: "Contoso on Meta" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      kind: "meta_ads",
      sourceName: "meta-ads",
      name: "Contoso on Meta",
      additional: { adAccountId: "5566778899", currency: "EUR", accountTimeZone: "Europe/Berlin" },
    });

    // Third Party Service Access names the connection by its provider, and the login by its ad accounts.
    const sessions = await call(sessionsRoute.GET, {
      path: `/api/users/third-party-session/${admin.id}`,
      params: { id: admin.id },
      token,
    });
    expect(sessions.body.docs).toEqual([
      expect.objectContaining({ type: "meta", provider: "meta", service: "Meta", account: "2 ad accounts" }),
    ]);

    // Another agency's user can neither list this login's accounts nor use it, nor reach the project.
    const other = await createAgency();
    const otherToken = await tokenFor(other.admin.id);
    expect(
      (await call(accountsRoute.GET, { path: `/api/meta/ad-accounts?sessionId=${sessionId}`, token: otherToken }))
        .status,
    ).toBe(404);
    expect((await create({ sessionId, adAccountId: "1122334455" }, otherToken)).status).toBe(404);
    expect((await db().select({ n: count() }).from(dataSources))[0].n).toBe(1);
  });

  it("imports 37 months by async report runs, adding up to the fake's totals, then re-reads the last 3 days", async () => {
    const { project, token } = await world();
    const next = await connectMeta(project.id, token);
    const created = await call(metaSourceRoute.POST, {
      path: `/api/properties/${project.id}/data-sources/meta`,
      params: { id: project.id },
      token,
      body: { sessionId: next.searchParams.get("session"), adAccountId: "1122334455" },
    });
    const sourceId = created.body._id as string;
    fake.requests.length = 0;
    const first = await syncPartnerSource(sourceId, { today: TODAY });
    const start = firstDay(TODAY);
    expect(first).toMatchObject({ status: "succeeded", startDate: start, endDate: "2026-03-09" });
    const expected = served("1122334455", start, "2026-03-09");
    const got = await stored(sourceId);
    expect({ ...got, rows: undefined, days: undefined }).toEqual({ ...expected, rows: undefined });
    // Mobile app and mobile web are one device: 4 of the fake's 6 rows a campaign-day remain.
    expect(got.rows).toBe((expected.rows / 6) * 4);
    // A long range is read as async report runs, a quarter each, with campaign-level daily rows.
    const posts = fake.requests.filter((r) => r.startsWith("POST /v24.0/act_1122334455/insights"));
    expect(posts.length).toBe(Math.ceil((got.days as number) / 92));
    expect(fake.requests.some((r) => /^GET \/v24\.0\/\d+\/insights/.test(r))).toBe(true);

    const dims = await db().execute<{ campaign: string; source: string; device: string }>(sql`
      select distinct d.campaign, d.source, d.device from observations o join dimension_sets d on d.id = o.dimension_set_id
      where o.data_source_id = ${sourceId} order by 1, 2, 3 limit 4`);
    expect(dims.rows).toEqual([
      { campaign: "Brand Awareness - Reels", source: "facebook", device: "desktop" },
      { campaign: "Brand Awareness - Reels", source: "facebook", device: "mobile" },
      { campaign: "Brand Awareness - Reels", source: "instagram", device: "desktop" },
      { campaign: "Brand Awareness - Reels", source: "instagram", device: "mobile" },
    ]);

    // Attribution settles: the last 3 days change at Meta; the next day's sync re-reads them at once.
    const older = await stored(sourceId, start, "2026-03-06");
    fake.bumpRecentData();
    fake.requests.length = 0;
    const daily = await syncPartnerSource(sourceId, { today: TODAY });
    expect(daily).toMatchObject({ status: "succeeded", startDate: "2026-03-07", endDate: "2026-03-09" });
    expect(fake.requests.filter((r) => r.startsWith("POST"))).toEqual([]);
    expect(
      fake.requests.some((r) => r.startsWith("GET /v24.0/act_1122334455/insights") && r.includes("time_increment=1")),
    ).toBe(true);
    const recent = await stored(sourceId, "2026-03-07", "2026-03-09");
    const again = served("1122334455", "2026-03-07", "2026-03-09");
    expect({ ...recent, rows: undefined, days: undefined }).toEqual({ ...again, rows: undefined });
    expect(await stored(sourceId, start, "2026-03-06")).toEqual(older);
    fake.bumpRecentData();
  });

  it("waits as Meta's usage headers ask, and tries again after a throttle", async () => {
    const { project, token } = await world();
    const next = await connectMeta(project.id, token);
    const created = await call(metaSourceRoute.POST, {
      path: `/api/properties/${project.id}/data-sources/meta`,
      params: { id: project.id },
      token,
      body: { sessionId: next.searchParams.get("session"), adAccountId: "1122334455" },
    });
    // Two throttled calls asking for 3 "minutes" (30 ms each here): the import waits and goes on.
    fake.throttle(2, 3);
    const began = Date.now();
    const outcome = await syncPartnerSource(created.body._id, { today: TODAY });
    expect(outcome.status).toBe("succeeded");
    expect(Date.now() - began).toBeGreaterThanOrEqual(2 * 3 * 30);
    const start = firstDay(TODAY);
    expect((await stored(created.body._id)).impressions).toBe(served("1122334455", start, "2026-03-09").impressions);
  });

  it("keeps what was imported and asks to reconnect when Meta no longer accepts the token", async () => {
    const { project, token } = await world();
    const next = await connectMeta(project.id, token);
    const created = await call(metaSourceRoute.POST, {
      path: `/api/properties/${project.id}/data-sources/meta`,
      params: { id: project.id },
      token,
      body: { sessionId: next.searchParams.get("session"), adAccountId: "1122334455" },
    });
    await syncPartnerSource(created.body._id, { today: TODAY });
    const before = await stored(created.body._id);
    fake.revokeAll();
    const failed = await syncPartnerSource(created.body._id, { today: "2026-03-12" });
    expect(failed.status).toBe("failed");
    const [state] = await db()
      .select()
      .from(dataSourceSyncStates)
      .where(eq(dataSourceSyncStates.dataSourceId, created.body._id));
    expect(state.lastError).toMatch(/Meta no longer accepts this connection/);
    expect(await stored(created.body._id)).toEqual(before);
  });
});

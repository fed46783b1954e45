import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { count, eq, sql } from "drizzle-orm";
import * as connectRoute from "@/app/api/properties/[id]/data-sources/connect/[integration]/route";
import * as dataSourceRoute from "@/app/api/data-sources/[id]/route";
import * as kpisRoute from "@/app/api/reports/[id]/kpis/route";
import * as syncRoute from "@/app/api/data-sources/[id]/sync/route";
import * as callbackRoute from "@/app/callback/[integration]/route";
import * as sessionsRoute from "@/app/api/users/third-party-session/[id]/route";
import { THIRD_PARTY_PROVIDERS } from "@/lib/constants/third-party-providers";
import { PREMIUM_MESSAGES as M } from "@/lib/constants/premium-sources";
import { addDays, dateRange, utcMidnight } from "@/lib/dates";
import { dealsCreatedOn, startHubSpotFake, type HubSpotFake } from "@/e2e/fakes/hubspot/server";
import { ordersInHour, startShopifyFake, type ShopifyFake } from "@/e2e/fakes/shopify/server";
import { LATEST_STABLE_VERSION } from "@/server/integrations/shopify/client";
import { db } from "@/server/db/client";
import {
  clientProjects,
  dataSources,
  dataSourceSyncRuns,
  insights,
  oauthStates,
  thirdPartySessions,
} from "@/server/db/schema";
import { generateReport } from "@/server/services/reports/generate-report";
import { resetPremiumConfig } from "@/server/integrations/premium/config";
import { PartnerApiError } from "@/server/integrations/partners/errors";
import { syncPartnerSource } from "@/server/services/data-sources/sync/partners/run-partner-sync";
import { call } from "@/test/api";
import { queuedJobs, resetDatabase } from "@/test/db";
import { createAgency } from "@/test/factories";
import { insertClient, insertProject, share } from "@/test/workspace";
import { insertReport } from "@/test/report-fixtures";
import { createUser } from "@/test/factories";

// The premium OAuth sources against local fakes of HubSpot and Shopify: connect, the provider's
// consent page, /callback/{integration} with its state checks, and the sync into the real database.

const TODAY = "2026-03-10";
const NOW = Date.parse(`${TODAY}T06:00:00Z`);
let hubspot: HubSpotFake;
let shopify: ShopifyFake;

function useEnv(extra: Record<string, string> = {}) {
  Object.assign(process.env, {
    HUBSPOT_CLIENT_ID: hubspot.clientId,
    HUBSPOT_CLIENT_SECRET: hubspot.clientSecret,
    HUBSPOT_AUTH_URL: `${hubspot.url}/oauth/authorize`,
    HUBSPOT_API_URL: hubspot.url,
    SHOPIFY_CLIENT_ID: shopify.clientId,
    SHOPIFY_CLIENT_SECRET: shopify.clientSecret,
    SHOPIFY_SHOP_URL: shopify.shopUrl,
    PREMIUM_RETRY_BASE_MS: "1",
    ECOMMERCE_ENABLED: "",
    CRM_ENABLED: "",
    ...extra,
  });
  resetPremiumConfig();
}

beforeAll(async () => {
  hubspot = await startHubSpotFake({ now: () => NOW, pageLimit: 25 });
  shopify = await startShopifyFake({ now: () => NOW });
});
afterAll(async () => {
  await hubspot.close();
  await shopify.close();
  resetPremiumConfig();
});
beforeEach(async () => {
  await resetDatabase();
  useEnv();
});

async function world() {
  const main = await createAgency();
  const client = await insertClient(main.agency.id, { name: "Northwind" });
  const project = await insertProject(client);
  const viewer = await createUser({ agencyId: main.agency.id, role: "staff" });
  await share(client.id, viewer.user.id, 1);
  return { main, project, viewer };
}

const connect = (projectId: string, token: string, integration: string, body: unknown = {}) =>
  call(connectRoute.POST, {
    path: `/api/properties/${projectId}/data-sources/connect/${integration}`,
    params: { id: projectId, integration },
    token,
    body,
  });

const nonceOf = (headers: Headers, integration: string) =>
  new RegExp(`funnelwise-${integration}-oauth=([^;]+)`).exec(headers.get("set-cookie") ?? "")?.[1];

/** Starts a connection and walks the fake's consent page: the query the provider sends back, and the cookie. */
async function consent(projectId: string, token: string, integration: "hubspot" | "shopify", body: unknown = {}) {
  const started = await connect(projectId, token, integration, body);
  expect(started.status).toBe(200);
  const page = await (await fetch(started.body.url)).text();
  const link = /<a href="([^"]+)">(Connect app|Install app)<\/a>/.exec(page)![1].replaceAll("&amp;", "&");
  return { query: new URL(link).searchParams, nonce: nonceOf(started.headers, integration)! };
}

const callback = (integration: string, query: URLSearchParams | string, token: string, nonce?: string) =>
  call(callbackRoute.GET, {
    path: `/callback/${integration}?${query.toString()}`,
    params: { integration },
    token,
    headers: nonce ? { cookie: `funnelwise-${integration}-oauth=${nonce}` } : {},
  });

/** A report on the 30 days before TODAY, generated: its stored insights and their intentions. */
async function lastMonthReport(project: { id: string; agencyId: string }) {
  const queued = await insertReport(project, { periodStart: addDays(TODAY, -30), periodEnd: addDays(TODAY, -1) });
  const generated = await generateReport(queued.id);
  const rows = await db().select().from(insights).where(eq(insights.reportId, queued.id));
  return { queued, generated, rows, keys: rows.map((r) => r.intentionKey) };
}

/** The metrics of a report's header, in order. */
const headline = async (reportId: string, token: string) =>
  (await call(kpisRoute.GET, { path: `/api/reports/${reportId}/kpis`, params: { id: reportId }, token })).body.kpis.map(
    (k: { metric: string }) => k.metric,
  );

const written = async () => ({
  sources: (await db().select({ n: count() }).from(dataSources))[0].n,
  sessions: (await db().select({ n: count() }).from(thirdPartySessions))[0].n,
});

async function sums(dataSourceId: string) {
  const { rows } = await db().execute<Record<string, number>>(sql`
    select count(*)::int as rows, count(distinct date)::int as days,
      coalesce(sum(deals_created), 0)::float as "dealsCreated", coalesce(sum(deals_won), 0)::float as "dealsWon",
      coalesce(sum(won_value), 0)::float as "wonValue", coalesce(sum(orders), 0)::float as orders,
      coalesce(sum(order_revenue), 0)::float as "orderRevenue", coalesce(sum(products_sold), 0)::float as "productsSold",
      coalesce(sum(new_customer_orders), 0)::float as "newCustomerOrders",
      coalesce(sum(returning_customer_orders), 0)::float as "returningCustomerOrders"
    from observations where data_source_id = ${dataSourceId}`);
  return rows[0];
}

async function connectCrm(projectId: string, token: string) {
  const { query, nonce } = await consent(projectId, token, "hubspot", { name: "Sales CRM" });
  const res = await callback("hubspot", query, token, nonce);
  expect(res.status).toBe(302);
  const id = /\/data-sources\/([0-9a-f-]{36})\?connected=hubspot$/.exec(res.headers.get("location") ?? "")![1];
  return { id, query, nonce };
}

describe("CRM (HubSpot)", () => {
  it("connects through the consent page, stores the tokens encrypted, queues and runs an idempotent import", async () => {
    const { main, project } = await world();
    const { id } = await connectCrm(project.id, main.token);
    const [source] = await db().select().from(dataSources).where(eq(dataSources.id, id));
    expect(source).toMatchObject({ kind: "crm", sourceName: "crm", name: "Sales CRM", projectId: project.id });
    expect(source.additional).toMatchObject({ integration: "hubspot", portalId: String(hubspot.hubId) });
    const [session] = await db().select().from(thirdPartySessions);
    expect(session.type).toBe("hubspot");
    expect(session.accessTokenEncrypted).not.toContain("pat-na1-");
    expect(session.refreshTokenEncrypted).not.toContain("rt-");
    expect(await queuedJobs("sync-partner-source")).toEqual([{ dataSourceId: id }]);
    expect(await db().select().from(oauthStates)).toEqual([]);

    const outcome = await syncPartnerSource(id, { today: TODAY });
    expect(outcome).toMatchObject({ status: "succeeded", endDate: addDays(TODAY, -1) });
    if (outcome.status !== "succeeded") throw new Error();
    // What the fake holds for those days (the project is on UTC).
    let created = 0;
    let won = 0;
    let value = 0;
    for (let d = utcMidnight(addDays(outcome.startDate, -30)).getTime(); d <= NOW; d += 86_400_000)
      for (const deal of dealsCreatedOn(d)) {
        const day = (t: number) => new Date(t).toISOString().slice(0, 10);
        if (day(deal.createdAt) >= outcome.startDate && day(deal.createdAt) <= outcome.endDate) created++;
        if (deal.stage === "closedwon" && deal.closedAt !== null && deal.closedAt <= NOW) {
          if (day(deal.closedAt) >= outcome.startDate && day(deal.closedAt) <= outcome.endDate) {
            won++;
            value += deal.amount;
          }
        }
      }
    const first = await sums(id);
    expect(first).toMatchObject({ dealsCreated: created, dealsWon: won, wonValue: value });
    expect(won).toBeGreaterThan(20);
    // Searches walk HubSpot's cursor.
    expect(hubspot.searches.some((s) => s.after !== undefined)).toBe(true);

    // The daily re-read replaces the recent days instead of adding to them, and is recorded.
    const again = await syncPartnerSource(id, { today: TODAY });
    expect(again).toMatchObject({ status: "succeeded" });
    expect(await sums(id)).toEqual(first);
    const runs = await db().select().from(dataSourceSyncRuns).where(eq(dataSourceSyncRuns.dataSourceId, id));
    expect(runs.map((r) => [r.mode, r.status]).sort()).toEqual([
      ["incremental", "succeeded"],
      ["initial", "succeeded"],
    ]);
  });

  it("reports on the deals: a lead generation report breaks deals won down by the CRM's channels", async () => {
    const { main, project } = await world();
    await db().update(clientProjects).set({ siteType: "lead_generation" }).where(eq(clientProjects.id, project.id));
    const { id } = await connectCrm(project.id, main.token);
    expect(await syncPartnerSource(id, { today: TODAY })).toMatchObject({ status: "succeeded" });
    const { queued, rows, keys } = await lastMonthReport(project);
    expect(keys).toEqual(
      expect.arrayContaining([
        "deals_won_by_channel",
        "deals_created_by_channel",
        "won_value_by_channel",
        "average_deal_value_by_channel",
      ]),
    );
    // Broken down by channel, so the total's change alone does not run; no store, no store insights.
    expect(keys).not.toContain("deals_won_change");
    expect(keys.filter((k) => k.startsWith("store_") || k.startsWith("order_"))).toEqual([]);
    // Its chart is the deals won of the CRM's own channels (HubSpot's sources named as analytics' channel groups).
    const won = rows.find((r) => r.intentionKey === "deals_won_by_channel")!;
    const chart = won.chart as { type: string; metric: string; segments: { value: string; current: number }[] };
    expect(chart).toMatchObject({ type: "contributions", metric: "dealsWon", dimension: "channel" });
    expect(chart.segments.map((s) => s.value)).toEqual(expect.arrayContaining(["Organic Search", "Paid Search"]));
    const { rows: crm } = await db().execute<{ won: number }>(sql`
      select coalesce(sum(deals_won), 0)::int as won from observations
      where data_source_id = ${id} and date between ${queued.periodStart} and ${queued.periodEnd}`);
    expect(chart.segments.reduce((sum, s) => sum + s.current, 0)).toBeLessThanOrEqual(crm[0].won);
    // The header leads with the deals the report ranks by.
    expect(await headline(queued.id, main.token)).toEqual(["dealsWon", "wonValue"]);
    expect((chart as unknown as { totalCurrent: number }).totalCurrent).toBe(crm[0].won);
  });

  it("deletes the connection's tokens with the source, and keeps the user's Google sign-in", async () => {
    const { main, project } = await world();
    const { id } = await connectCrm(project.id, main.token);
    const [google] = await db()
      .insert(thirdPartySessions)
      .values({
        agencyId: main.agency.id,
        userId: main.admin.id,
        type: "google",
        accessTokenEncrypted: "x",
        refreshTokenEncrypted: "y",
      })
      .returning();
    expect((await written()).sessions).toBe(2);
    const res = await call(dataSourceRoute.DELETE, {
      method: "DELETE",
      path: `/api/data-sources/${id}`,
      params: { id },
      token: main.token,
    });
    expect(res.status).toBe(200);
    expect(await db().select({ id: thirdPartySessions.id }).from(thirdPartySessions)).toEqual([{ id: google.id }]);
  });

  it("refuses a forged, foreign, cookie-less or replayed state with a 400 and writes nothing", async () => {
    const { main, project } = await world();
    const other = await createUser({ agencyId: main.agency.id, role: "agency" });
    const { query, nonce } = await consent(project.id, main.token, "hubspot");

    const forged = new URLSearchParams(query);
    forged.set("state", `${query.get("state")!.split(".")[0]}.AAAA`);
    for (const res of [
      await callback("hubspot", forged, main.token, nonce),
      await callback("hubspot", query, main.token), // no cookie: another browser
      await callback("hubspot", query, main.token, "not-the-nonce"),
      await callback("hubspot", query, other.token, nonce), // another user's session
      await callback("shopify", query, main.token, nonce), // another integration's callback
      await callback("hubspot", "code=abc", main.token, nonce),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 400 });
    }
    expect(await written()).toEqual({ sources: 0, sessions: 0 });

    // The genuine answer still works once; replaying it is refused.
    expect((await callback("hubspot", query, main.token, nonce)).status).toBe(302);
    const replay = await callback("hubspot", query, main.token, nonce);
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe(M.stateInvalid);
    expect(await written()).toEqual({ sources: 1, sessions: 1 });
  });

  it("answers a denial with a clear 400", async () => {
    const { main, project } = await world();
    const { query, nonce } = await consent(project.id, main.token, "hubspot");
    query.delete("code");
    query.set("error", "access_denied");
    const res = await callback("hubspot", query, main.token, nonce);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(M.denied("HubSpot"));
    expect(await written()).toEqual({ sources: 0, sessions: 0 });
  });

  it.each([
    [401, 502],
    [429, 429],
    [503, 503],
  ])("a provider %i while exchanging the code is a %i and writes nothing", async (status, expected) => {
    const { main, project } = await world();
    const { query, nonce } = await consent(project.id, main.token, "hubspot");
    hubspot.failNext(status, status === 401 ? 1 : 4);
    const res = await callback("hubspot", query, main.token, nonce);
    expect(res.status).toBe(expected);
    expect(await written()).toEqual({ sources: 0, sessions: 0 });
  });

  it("records a revoked connection as a failed run, and retries quota and outages", async () => {
    const { main, project } = await world();
    const { id } = await connectCrm(project.id, main.token);
    hubspot.failNext(503, 4);
    await expect(syncPartnerSource(id, { today: TODAY })).rejects.toBeInstanceOf(PartnerApiError);
    hubspot.failNext(429, 2); // retried within the run
    expect(await syncPartnerSource(id, { today: TODAY })).toMatchObject({ status: "succeeded" });
    hubspot.revokeAll();
    const revoked = await syncPartnerSource(id, { today: addDays(TODAY, 1) });
    expect(revoked).toMatchObject({ status: "failed" });
    const runs = await db().select().from(dataSourceSyncRuns).where(eq(dataSourceSyncRuns.dataSourceId, id));
    expect(runs.filter((r) => r.status === "failed").map((r) => r.error)).toContain(M.accessRevoked("HubSpot"));
  });

  it("keeps tenancy: another agency's project and source are 404, a viewer may not connect", async () => {
    const { main, project, viewer } = await world();
    const stranger = await createAgency();
    expect((await connect(project.id, stranger.token, "hubspot")).status).toBe(404);
    expect((await connect(project.id, viewer.token, "hubspot")).status).toBe(403);
    const { id } = await connectCrm(project.id, main.token);
    const status = await call(syncRoute.GET, {
      path: `/api/data-sources/${id}/sync`,
      params: { id },
      token: stranger.token,
    });
    expect(status.status).toBe(404);
    const mine = await call(syncRoute.GET, { path: `/api/data-sources/${id}/sync`, params: { id }, token: main.token });
    expect(mine.body.syncable).toBe(true);
    expect(mine.body.totals.map((t: { metric: string }) => t.metric)).toEqual(["dealsCreated", "dealsWon", "wonValue"]);
    // Won value is money in the project's currency (the page shows it with its symbol).
    expect(mine.body.currency).toBe(project.currency);
    const sync = await call(syncRoute.POST, {
      method: "POST",
      path: `/api/data-sources/${id}/sync`,
      params: { id },
      token: main.token,
    });
    expect(sync.status).toBe(202);
    expect((await connect(project.id, main.token, "salesforce")).status).toBe(404);
  });

  it("can be switched off by configuration", async () => {
    const { main, project } = await world();
    useEnv({ CRM_ENABLED: "0" });
    const res = await connect(project.id, main.token, "hubspot");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(M.notEnabled("HubSpot"));
  });
});

describe("ecommerce platform (Shopify)", () => {
  it("is not offered unless ECOMMERCE_ENABLED is set", async () => {
    const { main, project } = await world();
    const res = await connect(project.id, main.token, "shopify", { shop: "demo-store.myshopify.com" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(M.notEnabled("Shopify"));
  });

  it("checks the store, Shopify's signature on the callback, then imports orders by day", async () => {
    useEnv({ ECOMMERCE_ENABLED: "1" });
    const { main, project } = await world();
    const bad = await connect(project.id, main.token, "shopify", { shop: "https://evil.example.com" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ shop: M.shopInvalid });

    const { query, nonce } = await consent(project.id, main.token, "shopify", { shop: "Demo-Store.myshopify.com" });
    const tampered = new URLSearchParams(query);
    tampered.set("timestamp", "1");
    expect((await callback("shopify", tampered, main.token, nonce)).body.message).toBe(M.callbackForged);
    const otherShop = new URLSearchParams(query);
    otherShop.set("shop", "other-store.myshopify.com");
    expect((await callback("shopify", otherShop, main.token, nonce)).status).toBe(400);
    expect(await written()).toEqual({ sources: 0, sessions: 0 });

    const res = await callback("shopify", query, main.token, nonce);
    expect(res.status).toBe(302);
    const [source] = await db().select().from(dataSources);
    expect(source).toMatchObject({ kind: "ecommerce", sourceName: "ecommerce" });
    expect(source.additional).toMatchObject({ shop: "demo-store.myshopify.com", currency: "EUR" });

    shopify.failNext(429, 1);
    const outcome = await syncPartnerSource(source.id, { today: TODAY });
    expect(outcome).toMatchObject({ status: "succeeded" });
    if (outcome.status !== "succeeded") throw new Error();
    const expected = { orders: 0, orderRevenue: 0, productsSold: 0, newCustomerOrders: 0, returningCustomerOrders: 0 };
    const from = utcMidnight(outcome.startDate).getTime();
    const to = utcMidnight(addDays(outcome.endDate, 1)).getTime();
    for (let t = from; t < to; t += 3_600_000)
      for (const o of ordersInHour("demo-store.myshopify.com", t)) {
        if (o.test || o.cancelled_at) continue;
        expected.orders++;
        expected.orderRevenue += Number(o.current_total_price);
        expected.productsSold += o.line_items.length;
        if (Date.parse(o.customer.created_at) >= Date.parse(o.created_at) - 86_400_000) expected.newCustomerOrders++;
        else expected.returningCustomerOrders++;
      }
    const got = await sums(source.id);
    expect(got).toMatchObject({ ...expected, orderRevenue: expect.closeTo(expected.orderRevenue, 6) });
    expect(got.days).toBe(dateRange(outcome.startDate, outcome.endDate).length);
    // Pages followed through the Link header.
    expect(shopify.requests.filter((r) => r.endsWith("/orders.json")).length).toBeGreaterThan(13);
    // Through the Shopify library, naming its newest stable Admin API version (2024-01 is retired).
    expect(LATEST_STABLE_VERSION >= "2025-10").toBe(true);
    const ordersCalls = shopify.requests.filter((r) => r.endsWith("/orders.json"));
    expect(ordersCalls.every((r) => r.includes(`/admin/api/${LATEST_STABLE_VERSION}/orders.json`))).toBe(true);

    // Reported on: the store's orders, order revenue and new customers' orders over a month, each drawn by day.
    const { queued, rows, keys, generated } = await lastMonthReport(project);
    expect(keys).toEqual(
      expect.arrayContaining([
        "store_orders_change",
        "store_orders_anomalies",
        "order_revenue_change",
        "average_order_revenue_change",
        "new_customer_orders_change",
      ]),
    );
    expect(keys.filter((k) => k.includes("deal"))).toEqual([]);
    // Without analytics, the store's order revenue is the KPI the report ranks by.
    expect(generated.engine?.kpi).toBe("orderRevenue");
    expect(await headline(queued.id, main.token)).toEqual([
      "orderRevenue",
      "storeOrders",
      "averageOrderRevenue",
      "newCustomerOrders",
    ]);
    const { rows: period } = await db().execute<{ orders: number }>(sql`
      select coalesce(sum(orders), 0)::int as orders from observations
      where data_source_id = ${source.id} and date between ${queued.periodStart} and ${queued.periodEnd}`);
    const chart = rows.find((r) => r.intentionKey === "store_orders_change")!.chart as {
      metric: string;
      points: { date: string; value: number }[];
    };
    expect(chart.metric).toBe("storeOrders");
    const charted = chart.points.filter((p) => p.date >= queued.periodStart && p.date <= queued.periodEnd);
    expect(charted.reduce((sum, p) => sum + p.value, 0)).toBe(period[0].orders);

    shopify.failNext(401, 1);
    expect(await syncPartnerSource(source.id, { today: addDays(TODAY, 1) })).toMatchObject({ status: "failed" });
    // Switched off again: the source keeps its data and stops syncing.
    useEnv({ ECOMMERCE_ENABLED: "0" });
    expect(await syncPartnerSource(source.id, { today: addDays(TODAY, 2) })).toMatchObject({ status: "skipped" });
    expect((await sums(source.id)).orders).toBe(expected.orders);
  });
});

describe("Third Party Service Access", () => {
  it("names each premium connection's provider and account, with its mark, for its own user only", async () => {
    useEnv({ ECOMMERCE_ENABLED: "1" });
    const { main, project } = await world();
    await connectCrm(project.id, main.token);
    const { query, nonce } = await consent(project.id, main.token, "shopify", { shop: "demo-store.myshopify.com" });
    expect((await callback("shopify", query, main.token, nonce)).status).toBe(302);

    const list = (userId: string, token: string) =>
      call(sessionsRoute.GET, { path: `/api/users/third-party-session/${userId}`, params: { id: userId }, token });
    const res = await list(main.admin.id, main.token);
    expect(res.status).toBe(200);
    const byType = Object.fromEntries(res.body.docs.map((d: { type: string }) => [d.type, d]));
    // The account each signed in with, as the fakes' token info and shop.json give them.
    expect(byType.hubspot).toMatchObject({
      provider: "hubspot",
      service: "HubSpot",
      account: "owner@client.example",
      accountType: "client-portal.hubspot.com",
    });
    expect(byType.shopify).toMatchObject({
      provider: "shopify",
      service: "Shopify",
      account: "demo-store store",
      accountType: "demo-store.myshopify.com",
    });
    for (const provider of ["hubspot", "shopify"] as const)
      expect(THIRD_PARTY_PROVIDERS[provider].path).toMatch(/^M[\d.\s,a-zA-Z-]+$/);
    expect((await list(main.admin.id, (await createAgency()).token)).status).toBe(404);
  });
});

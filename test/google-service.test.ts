import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { GoogleFake } from "@/e2e/fakes/google/server";
import { EMPTY_EMAIL, OWNER_EMAIL } from "@/e2e/fakes/google/world";
import * as session from "@/app/api/google-service/session/route";
import * as uaAccounts from "@/app/api/google-service/analytics/accounts/route";
import * as uaProperties from "@/app/api/google-service/analytics/properties/route";
import * as uaProfiles from "@/app/api/google-service/analytics/profiles/route";
import * as uaSegments from "@/app/api/google-service/analytics/segments/route";
import * as uaGoals from "@/app/api/google-service/analytics/goals/route";
import * as ga4Accounts from "@/app/api/google-service/analytics-4/accounts/route";
import * as ga4Properties from "@/app/api/google-service/analytics-4/properties/route";
import * as ga4Events from "@/app/api/google-service/analytics-4/conversion-events/route";
import * as ga4Audiences from "@/app/api/google-service/analytics-4/audiences/route";
import * as gscSites from "@/app/api/google-service/search-console/sites/route";
import * as adsAccounts from "@/app/api/google-service/ads/ads-accounts/route";
import * as adsCampaigns from "@/app/api/google-service/ads/ads-accounts/[id]/campaigns/route";
import * as tokenAlerts from "@/app/api/google-service/token-alerts/route";
import * as sync from "@/app/api/data-sources/[id]/sync/route";
import { GOOGLE_ADS_REPORT_OPTIONS } from "@/lib/constants/google-ads-reports";
import { GOOGLE_MESSAGES as M, MESSAGES } from "@/lib/constants/messages";
import { decryptSecret } from "@/server/auth/encryption";
import { db } from "@/server/db/client";
import { dataSourceSyncStates, thirdPartySessions } from "@/server/db/schema";
import { resetGoogleConfig } from "@/server/integrations/google/config";
import { syncDataSource } from "@/server/services/data-sources/sync/run-sync";
import { call } from "@/test/api";
import { createSource } from "@/test/data-source-fixtures";
import { resetDatabase } from "@/test/db";
import { createAgency, createUser } from "@/test/factories";
import { startGoogleForTests } from "@/test/google-fake";
import { consent, finishSignIn, signIn, startSignIn } from "@/test/google-sign-in-fixtures";
import { insertClient, insertProject, share } from "@/test/workspace";

// Every /api/google-service route against the fake Google servers and the real test database:
// the sign-in round trip with its CSRF state, the listings the wizard reads, Google's failures as
// the API answers them, and sources created, failed on a revoked token and reconnected.

const TODAY = new Date().toISOString().slice(0, 10);
let fake: GoogleFake;

beforeAll(async () => {
  fake = await startGoogleForTests({ ga4CombinationsPerDay: 5, historyDays: 40, today: TODAY });
});
afterAll(() => fake.close());
beforeEach(async () => {
  await resetDatabase();
  fake.state.consent = "allow";
  fake.state.denied.clear();
  fake.state.faults.length = 0;
});

async function world() {
  const main = await createAgency();
  const client = await insertClient(main.agency.id, { name: "Northwind" });
  const project = await insertProject(client);
  return { main, client, project };
}

const list = (route: { GET: Parameters<typeof call>[0] }, token: string, path: string, params = {}) =>
  call(route.GET, { path, token, params });

async function ga4Source(token: string, projectId: string) {
  const created = await createSource(projectId, token, {
    kind: "google",
    subType: "analytic-4",
    additional: { analyticAccount: "accounts/100", analyticProperty: "properties/1001" },
  });
  if (created.status !== 201) throw new Error(`create answered ${created.status} ${JSON.stringify(created.body)}`);
  return created.body._id as string;
}

describe("Google sign-in (/api/google-service/auth-code)", () => {
  it("sends the popup to Google with the spec's scopes, offline access and a signed state, then stores the sign-in encrypted", async () => {
    const { main } = await world();
    const started = await startSignIn(main.token, "?attempt=a1");
    expect(started.res.status).toBe(302);
    const consentUrl = new URL(started.consent);
    expect(consentUrl.pathname).toBe("/o/oauth2/v2/auth");
    expect(consentUrl.searchParams.get("access_type")).toBe("offline");
    expect(consentUrl.searchParams.get("prompt")).toBe("consent");
    expect(consentUrl.searchParams.get("scope")?.split(" ").sort()).toEqual(
      [
        "https://www.googleapis.com/auth/adwords",
        "https://www.googleapis.com/auth/analytics.readonly",
        "https://www.googleapis.com/auth/userinfo.email",
        "https://www.googleapis.com/auth/userinfo.profile",
        "https://www.googleapis.com/auth/webmasters.readonly",
      ].sort(),
    );
    expect(consentUrl.searchParams.get("state")).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(started.res.headers.get("set-cookie")).toMatch(/HttpOnly/i);
    expect(started.res.headers.get("set-cookie")).toMatch(/SameSite=lax/i);

    const done = await finishSignIn(main.token, await consent(started.consent), started.nonce);
    expect(done.res.status).toBe(302);
    expect(done.page).toBe("/google-sign-in");
    expect(Object.fromEntries(done.params)).toEqual({ attempt: "a1", email: OWNER_EMAIL });

    const [row] = await db().select().from(thirdPartySessions);
    expect(row).toMatchObject({ userId: main.admin.id, type: "google", revokedAt: null });
    expect(row.refreshTokenEncrypted).toMatch(/^v1\./);
    expect(decryptSecret(row.refreshTokenEncrypted!)).toMatch(/^1\/\/fake/);
    const me = await call(session.GET, { path: "/api/google-service/session", token: main.token });
    expect(me.status).toBe(200);
    expect(me.body.account).toMatchObject({ email: OWNER_EMAIL });
    expect(JSON.stringify(me.body)).not.toMatch(/ya29|1\/\/fake|v1\./);

    // Signing in again replaces the sign-in in place: still one row for the user.
    await signIn(fake, main.token);
    expect((await db().select().from(thirdPartySessions)).length).toBe(1);
  });

  it("refuses a state that does not match: no cookie, another browser's cookie, another user's state, a forged state", async () => {
    const { main } = await world();
    const other = await createUser({ agencyId: main.agency.id, role: "agency" });
    const refused = async (token: string, back: URLSearchParams, nonce: string | undefined) => {
      const done = await finishSignIn(token, back, nonce);
      expect(done.page).toBe("/google-sign-in");
      expect(done.params.get("error")).toBe("failed");
      expect(done.params.get("message")).toBe(M.invalidState);
    };
    const a = await startSignIn(main.token);
    const b = await startSignIn(main.token);
    await refused(main.token, await consent(a.consent), undefined);
    await refused(main.token, await consent(a.consent), b.nonce);
    await refused(other.token, await consent(a.consent), a.nonce);
    const forged = await consent(a.consent);
    forged.set("state", `${forged.get("state")!.split(".")[0]}.AAAA`);
    await refused(main.token, forged, a.nonce);
    expect(await db().select().from(thirdPartySessions)).toEqual([]);
  });

  it("gives the spec's message when the user refuses access on Google's consent page", async () => {
    const { main } = await world();
    fake.state.consent = "deny";
    const started = await startSignIn(main.token);
    const done = await finishSignIn(main.token, await consent(started.consent), started.nonce);
    expect(done.params.get("error")).toBe("access_denied");
    expect(done.params.get("message")).toBe("Access denied. Please allow Google to access your data.");
    expect(await db().select().from(thirdPartySessions)).toEqual([]);
  });

  it("without Google configured, the popup ends on the result page with the reason", async () => {
    const { main } = await world();
    const saved = process.env.GOOGLE_CLIENT_ID;
    process.env.GOOGLE_CLIENT_ID = "";
    resetGoogleConfig();
    try {
      const started = await startSignIn(main.token, "?attempt=a2");
      expect(started.res.status).toBe(302);
      const location = new URL(started.consent);
      expect(location.pathname).toBe("/google-sign-in");
      expect(Object.fromEntries(location.searchParams)).toEqual({
        attempt: "a2",
        error: "failed",
        message: M.notConfigured,
      });
    } finally {
      process.env.GOOGLE_CLIENT_ID = saved;
      resetGoogleConfig();
    }
  });

  it("needs a login, and another agency's data source to reconnect is a 404", async () => {
    const { main, project } = await world();
    const anonymous = await call((await import("@/app/api/google-service/auth-code/route")).GET, {
      path: "/api/google-service/auth-code",
    });
    expect(anonymous.status).toBe(401);
    await signIn(fake, main.token);
    const sourceId = await ga4Source(main.token, project.id);
    const stranger = await createAgency();
    const started = await startSignIn(stranger.token, `?dataSourceId=${sourceId}`);
    expect(started.res.status).toBe(404);
    expect(started.res.headers.get("location")).toBeNull();
  });
});

describe("listings for the wizard", () => {
  it("lists GA4 accounts, properties, conversion events and audiences", async () => {
    const { main } = await world();
    await signIn(fake, main.token);
    const accounts = await list(ga4Accounts, main.token, "/api/google-service/analytics-4/accounts");
    expect(accounts.status).toBe(200);
    expect(accounts.body.docs.map((a: { id: string }) => a.id)).toEqual(["accounts/100", "accounts/200"]);
    const properties = await list(
      ga4Properties,
      main.token,
      "/api/google-service/analytics-4/properties?accountId=accounts/100",
    );
    expect(properties.body.docs.map((p: { name: string }) => p.name)).toEqual(["Northwind Shop", "Northwind Blog"]);
    const events = await list(
      ga4Events,
      main.token,
      "/api/google-service/analytics-4/conversion-events?propertyId=properties/1001",
    );
    expect(events.body.docs.map((e: { name: string }) => e.name)).toEqual(["purchase", "generate_lead", "sign_up"]);
    const audiences = await list(
      ga4Audiences,
      main.token,
      "/api/google-service/analytics-4/audiences?propertyId=properties/1001",
    );
    expect(audiences.body.docs.map((a: { name: string }) => a.name)).toEqual([
      "All Users",
      "Purchasers",
      "Mobile visitors",
    ]);
    const bad = await list(ga4Properties, main.token, "/api/google-service/analytics-4/properties");
    expect(bad.status).toBe(400);
    expect(bad.body.errors.accountId).toBe(MESSAGES.required);
  });

  it("lists legacy Analytics accounts, properties, views, segments and goals with goal 1 as the only primary goal", async () => {
    const { main } = await world();
    await signIn(fake, main.token);
    const accounts = await list(uaAccounts, main.token, "/api/google-service/analytics/accounts");
    expect(accounts.body.docs).toEqual([{ id: "11111", name: "Northwind (Universal Analytics)" }]);
    const properties = await list(uaProperties, main.token, "/api/google-service/analytics/properties?accountId=11111");
    expect(properties.body.docs[0]).toMatchObject({ id: "UA-11111-1" });
    const profiles = await list(
      uaProfiles,
      main.token,
      "/api/google-service/analytics/profiles?accountId=11111&propertyId=UA-11111-1",
    );
    expect(profiles.body.docs.map((p: { id: string }) => p.id)).toEqual(["90001", "90002"]);
    const segments = await list(uaSegments, main.token, "/api/google-service/analytics/segments");
    expect(segments.body.docs.length).toBeGreaterThan(0);
    const goals = await list(
      uaGoals,
      main.token,
      "/api/google-service/analytics/goals?accountId=11111&propertyId=UA-11111-1&profileId=90001",
    );
    expect(goals.body.primary.map((g: { id: string }) => g.id)).toEqual(["1"]);
    expect(goals.body.secondary.map((g: { id: string }) => g.id)).toEqual(["2", "3"]);
    const none = await list(
      uaGoals,
      main.token,
      "/api/google-service/analytics/goals?accountId=11111&propertyId=UA-11111-1&profileId=90002",
    );
    expect(none.body).toMatchObject({ primaryMessage: M.noPrimaryGoals, secondaryMessage: M.noSecondaryGoals });
  });

  it("lists Search Console sites, Ads accounts and an account's campaigns", async () => {
    const { main } = await world();
    await signIn(fake, main.token);
    const sites = await list(gscSites, main.token, "/api/google-service/search-console/sites");
    expect(sites.body.docs.length).toBeGreaterThan(0);
    const ads = await list(adsAccounts, main.token, "/api/google-service/ads/ads-accounts");
    expect(ads.status).toBe(200);
    const customer = ads.body.docs[0] as { id: string; name: string };
    expect(customer.id).toMatch(/^\d{10}$/);
    expect(customer.name).not.toBe(customer.id);
    const campaigns = await list(
      adsCampaigns,
      main.token,
      `/api/google-service/ads/ads-accounts/${customer.id}/campaigns`,
      { id: customer.id },
    );
    expect(campaigns.status).toBe(200);
    expect(campaigns.body.docs.length).toBeGreaterThan(0);
    const badId = await list(adsCampaigns, main.token, "/api/google-service/ads/ads-accounts/12/campaigns", {
      id: "12",
    });
    expect(badId.status).toBe(400);
  });

  it("an account with nothing gives the spec's messages", async () => {
    const { main } = await world();
    await signIn(fake, main.token, { email: EMPTY_EMAIL });
    expect((await list(ga4Accounts, main.token, "/api/google-service/analytics-4/accounts")).body).toEqual({
      docs: [],
      message: M.noAnalyticsAccounts,
    });
    expect((await list(uaAccounts, main.token, "/api/google-service/analytics/accounts")).body.message).toBe(
      M.noAnalyticsAccounts,
    );
    expect((await list(gscSites, main.token, "/api/google-service/search-console/sites")).body.message).toBe(
      M.noSearchConsoleAccounts,
    );
    expect((await list(adsAccounts, main.token, "/api/google-service/ads/ads-accounts")).body.message).toBe(
      M.noAdsAccounts,
    );
  });

  it("without a Google sign-in: 400 asking to sign in (never a 401, which would log the user out)", async () => {
    const { main } = await world();
    const res = await list(ga4Accounts, main.token, "/api/google-service/analytics-4/accounts");
    expect(res.status).toBe(400);
    expect(res.body.errors.google).toBe(M.signInRequired);
  });

  it("a revoked token, lost access (403) and quota (429) each answer with the user's message", async () => {
    const { main } = await world();
    await signIn(fake, main.token);
    fake.deny("properties/1001");
    const lost = await list(
      ga4Events,
      main.token,
      "/api/google-service/analytics-4/conversion-events?propertyId=properties/1001",
    );
    expect(lost.status).toBe(403);
    expect(lost.body.message).toBe(M.accessLost);

    fake.fail({ match: /accountSummaries/, status: 429, times: 10 });
    const quota = await list(ga4Accounts, main.token, "/api/google-service/analytics-4/accounts");
    expect(quota.status).toBe(429);
    expect(quota.body.message).toBe(M.quotaExceeded);
    expect(quota.headers.get("retry-after")).toBe("60");
    fake.state.faults.length = 0;

    fake.revokeAll();
    const revoked = await list(ga4Accounts, main.token, "/api/google-service/analytics-4/accounts");
    expect(revoked.status).toBe(400);
    expect(revoked.body.message).toBe(M.tokenExpired);
    expect(revoked.body.errors.google).toBe(M.tokenExpired);
  });

  it("lists with a source's own sign-in when given its id; another agency's source is a 404", async () => {
    const { main, project } = await world();
    await signIn(fake, main.token);
    const sourceId = await ga4Source(main.token, project.id);
    const colleague = await createUser({ agencyId: main.agency.id, role: "agency" });
    const viaSource = await list(
      ga4Accounts,
      colleague.token,
      `/api/google-service/analytics-4/accounts?dataSourceId=${sourceId}`,
    );
    expect(viaSource.status).toBe(200);
    expect(viaSource.body.docs.length).toBe(2);
    const stranger = await createAgency();
    for (const [route, path] of [
      [ga4Accounts, "/api/google-service/analytics-4/accounts"],
      [uaAccounts, "/api/google-service/analytics/accounts"],
      [gscSites, "/api/google-service/search-console/sites"],
      [adsAccounts, "/api/google-service/ads/ads-accounts"],
    ] as const) {
      const res = await list(route, stranger.token, `${path}?dataSourceId=${sourceId}`);
      expect(res.status, path).toBe(404);
    }
  });
});

describe("Google data sources", () => {
  it("creates a GA4 source on the caller's sign-in and queues its first import once", async () => {
    const { main, project } = await world();
    const noSignIn = await createSource(project.id, main.token, {
      kind: "google",
      subType: "analytic-4",
      additional: { analyticAccount: "accounts/100", analyticProperty: "properties/1001" },
    });
    expect(noSignIn.status).toBe(400);
    expect(noSignIn.body.errors.google).toBe(M.signInRequired);

    await signIn(fake, main.token);
    const sourceId = await ga4Source(main.token, project.id);
    const jobs = await db().execute<{ singleton_key: string; data: { dataSourceId: string } }>(
      sql`select singleton_key, data from pgboss.job where name = 'sync-data-source'`,
    );
    expect(jobs.rows).toEqual([{ singleton_key: sourceId, data: { dataSourceId: sourceId } }]);
    // Asking again while one is queued adds nothing.
    expect(
      (
        await call(sync.POST, {
          method: "POST",
          path: `/api/data-sources/${sourceId}/sync`,
          params: { id: sourceId },
          token: main.token,
        })
      ).status,
    ).toBe(202);
    const again = await db().execute(sql`select 1 from pgboss.job where name = 'sync-data-source'`);
    expect(again.rows.length).toBe(1);

    const unseen = await createSource(project.id, main.token, {
      kind: "google",
      subType: "analytic-4",
      additional: { analyticAccount: "accounts/100", analyticProperty: "properties/2001" },
    });
    expect(unseen.status).toBe(400);
    expect(unseen.body.errors["additional.analyticProperty"]).toBe(M.noPropertyAccess);
  });

  it("validates each kind's selections: legacy primary goal must be goal 1, Ads report types from the one list", async () => {
    const { main, project } = await world();
    await signIn(fake, main.token);
    expect(GOOGLE_ADS_REPORT_OPTIONS).toHaveLength(8);
    expect(GOOGLE_ADS_REPORT_OPTIONS[0]).toBe("ALL_DATA");
    const legacy = {
      kind: "google",
      subType: "analytic",
      additional: {
        analyticAccount: "11111",
        analyticProperty: "UA-11111-1",
        analyticProfile: "90001",
        siteType: "ecommerce",
        analyticPrimaryGoal: "2",
        analyticSecondaryGoals: [],
      },
    };
    const wrong = await createSource(project.id, main.token, legacy);
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors["additional.analyticPrimaryGoal"]).toBe(M.primaryGoalMustBeGoalOne);
    expect(wrong.body.errors["additional.analyticSecondaryGoals"]).toBe(MESSAGES.required);
    const ok = await createSource(project.id, main.token, {
      ...legacy,
      additional: { ...legacy.additional, analyticPrimaryGoal: "1", analyticSecondaryGoals: ["2"] },
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ kind: "google", subType: "analytic", sourceName: "analytics" });

    const customer = (await list(adsAccounts, main.token, "/api/google-service/ads/ads-accounts")).body.docs[0].id;
    const badReport = await createSource(project.id, main.token, {
      kind: "google",
      subType: "ads",
      additional: { adsAccount: customer, adsReport: "NOT_A_REPORT" },
    });
    expect(badReport.body.errors["additional.adsReport"]).toBe(MESSAGES.required);
    // An AdWords report type the product does not import (ADR 0023) is not offered any more.
    const oldReport = await createSource(project.id, main.token, {
      kind: "google",
      subType: "ads",
      additional: { adsAccount: customer, adsReport: "AGE_RANGE_PERFORMANCE_REPORT" },
    });
    expect(oldReport.status).toBe(400);
    const ads = await createSource(project.id, main.token, {
      kind: "google",
      subType: "ads",
      additional: { adsAccount: customer, adsReport: "CAMPAIGN_PERFORMANCE_REPORT" },
    });
    expect(ads.status).toBe(201);
    expect(ads.body.additional).toMatchObject({ adsCampaign: "all", adsReport: "CAMPAIGN_PERFORMANCE_REPORT" });
  });

  it("a Viewer cannot create a Google source (403)", async () => {
    const { main, client, project } = await world();
    const viewer = await createUser({ agencyId: main.agency.id, role: "staff" });
    await share(client.id, viewer.user.id, 1);
    await signIn(fake, viewer.token);
    const res = await createSource(project.id, viewer.token, {
      kind: "google",
      subType: "searchconsole",
      additional: { analyticSite: "sc-domain:northwind.example" },
    });
    expect(res.status).toBe(403);
  });

  it("a revoked token puts the source in token-update-failed; the alert lists it; reconnecting clears it and queues the import, keeping the rows", async () => {
    const { main, project } = await world();
    await signIn(fake, main.token);
    const sourceId = await ga4Source(main.token, project.id);
    const first = await syncDataSource(sourceId);
    expect(first.status).toBe("succeeded");
    const rowsBefore = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from observations where data_source_id = ${sourceId}`,
    );
    expect(rowsBefore.rows[0].n).toBeGreaterThan(0);

    fake.revokeAll();
    await db()
      .update(dataSourceSyncStates)
      .set({ importedThrough: null })
      .where(eq(dataSourceSyncStates.dataSourceId, sourceId));
    await db().execute(
      sql`update data_source_sync_states set initial_completed_at = null where data_source_id = ${sourceId}`,
    );
    const failed = await syncDataSource(sourceId);
    expect(failed.status).toBe("failed");

    const status = await call(sync.GET, {
      path: `/api/data-sources/${sourceId}/sync`,
      params: { id: sourceId },
      token: main.token,
    });
    expect(status.body.state).toMatchObject({ tokenUpdateFailed: true, lastError: M.tokenExpired });
    expect(status.body.runs[0]).toMatchObject({ status: "failed", error: M.tokenExpired });
    expect(status.body.runs[1]).toMatchObject({ status: "succeeded" });

    const alerts = await call(tokenAlerts.GET, { path: "/api/google-service/token-alerts", token: main.token });
    expect(alerts.body.docs).toEqual([
      expect.objectContaining({
        dataSourceId: sourceId,
        projectId: project.id,
        canReconnect: true,
        message: M.tokenExpired,
      }),
    ]);
    const stranger = await createAgency();
    expect(
      (await call(tokenAlerts.GET, { path: "/api/google-service/token-alerts", token: stranger.token })).body.docs,
    ).toEqual([]);

    await db().execute(sql`delete from pgboss.job where name = 'sync-data-source'`);
    const done = await signIn(fake, main.token, { dataSourceId: sourceId });
    expect(done.params.get("email")).toBe(OWNER_EMAIL);
    const [state] = await db()
      .select()
      .from(dataSourceSyncStates)
      .where(eq(dataSourceSyncStates.dataSourceId, sourceId));
    expect(state.tokenUpdateFailedAt).toBeNull();
    const queued = await db().execute(sql`select 1 from pgboss.job where name = 'sync-data-source'`);
    expect(queued.rows.length).toBe(1);
    expect(
      (await call(tokenAlerts.GET, { path: "/api/google-service/token-alerts", token: main.token })).body.docs,
    ).toEqual([]);
    const rowsAfter = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from observations where data_source_id = ${sourceId}`,
    );
    expect(rowsAfter.rows[0].n).toBe(rowsBefore.rows[0].n);
    expect((await syncDataSource(sourceId)).status).toBe("succeeded");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GoogleFake } from "@/e2e/fakes/google/server";
import { EMPTY_EMAIL } from "@/e2e/fakes/google/world";
import { signInWithGoogle, startGoogleForTests } from "@/test/google-fake";
import { authorizedClient, type GoogleTokens } from "./auth";
import { GoogleApiError } from "./errors";
import { listGa4Accounts, listGa4Audiences, listGa4KeyEvents, listGa4Properties } from "./ga4-admin";
import { runGa4Report, type Ga4Page } from "./ga4-data";
import { describeCustomer, listAccessibleCustomers, listCampaigns, searchStream } from "./google-ads";
import { listUaAccounts, listUaGoals, listUaProfiles, listUaSegments } from "./legacy-analytics";
import { listSites, querySearchAnalytics } from "./search-console";

// Every client against the fake Google servers: the official googleapis client (or the OAuth2
// client for Ads REST) speaks HTTP to a local port, so pagination, retries and errors are real.

let fake: GoogleFake;
let tokens: GoogleTokens;

beforeAll(async () => {
  fake = await startGoogleForTests({
    ga4CombinationsPerDay: 50,
    historyDays: 10,
    gscRowsPerDay: 9,
    today: "2026-03-10",
  });
  tokens = (await signInWithGoogle(fake)).tokens;
});
afterAll(() => fake.close());

const client = () => authorizedClient(tokens);
const report = (pageRows: number, extra: object = {}) => ({
  property: "properties/1001",
  startDate: "2026-02-01",
  endDate: "2026-03-10",
  dimensions: ["date", "country"],
  metrics: ["sessions"],
  pageRows,
  ...extra,
});
async function allRows(pageRows: number, extra: object = {}) {
  const pages: Ga4Page[] = [];
  await runGa4Report(client(), report(pageRows, extra), (p) => void pages.push(p));
  return pages.sort((a, b) => a.offset - b.offset);
}
async function failure(promise: Promise<unknown>): Promise<GoogleApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GoogleApiError);
  return error as GoogleApiError;
}

describe("Google sign-in", () => {
  it("exchanges the code for an access and a refresh token and reads the email", async () => {
    const signedIn = await signInWithGoogle(fake);
    expect(signedIn.email).toBe("owner@northwind.example");
    expect(signedIn.tokens.refreshToken).toMatch(/^1\/\//);
    expect(signedIn.tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it("refreshes an expired access token on its own", async () => {
    const refreshed: GoogleTokens[] = [];
    const auth = authorizedClient({ ...tokens, expiresAt: new Date(Date.now() - 1000) }, (t) => refreshed.push(t));
    expect((await listGa4Accounts(auth)).length).toBe(2);
    expect(refreshed[0].accessToken).not.toBe(tokens.accessToken);
  });
});

describe("GA4 Admin API", () => {
  it("lists accounts with their properties, properties of an account, key events and audiences", async () => {
    const accounts = await listGa4Accounts(client());
    expect(accounts.map((a) => a.id)).toEqual(["accounts/100", "accounts/200"]);
    expect(accounts[0].properties.map((p) => p.name)).toEqual(["Northwind Shop", "Northwind Blog"]);
    const properties = await listGa4Properties(client(), "accounts/200");
    expect(properties).toEqual([
      { id: "properties/2001", name: "Contoso Store", timeZone: "Europe/Berlin", currencyCode: "EUR" },
    ]);
    expect((await listGa4KeyEvents(client(), "properties/1001")).map((e) => e.eventName)).toContain("purchase");
    expect((await listGa4Audiences(client(), "properties/1001")).map((a) => a.name)).toEqual([
      "All Users",
      "Purchasers",
      "Mobile visitors",
    ]);
  });

  it("gives an empty list to a Google user without GA4 accounts", async () => {
    const empty = await signInWithGoogle(fake, EMPTY_EMAIL);
    expect(await listGa4Accounts(authorizedClient(empty.tokens))).toEqual([]);
  });
});

describe("GA4 Data API runReport", () => {
  it("pages through offset/limit until rowCount, every row once", async () => {
    const pages = await allRows(120);
    // 10 days with data (the fake holds 10) x 50 combinations = 500 rows, in pages of 120.
    expect(pages.map((p) => p.offset)).toEqual([0, 120, 240, 360, 480]);
    expect(pages.every((p) => p.rowCount === 500)).toBe(true);
    expect(pages.flatMap((p) => p.rows)).toHaveLength(500);
  });

  it("never has more than 10 requests in flight for one property", async () => {
    // Long enough that the limiter's ten are all out before the first answers, even on a loaded machine (at 20 ms a
    // CI run at load 15 saw only 6 overlap; the 10-cap itself is what the test is about).
    fake.state.latencyMs = 300;
    fake.state.maxInFlight.clear();
    try {
      await Promise.all([allRows(10, { pageConcurrency: 30 }), allRows(10, { pageConcurrency: 30 })]);
    } finally {
      fake.state.latencyMs = 0;
    }
    expect(fake.state.maxInFlight.get("properties/1001")).toBe(10);
  });

  it("backs off and retries on 429 and 5xx, then gets the page", async () => {
    const before = fake.requests(/runReport/).length;
    fake.fail({ match: /runReport/, status: 429, times: 2 });
    fake.fail({ match: /runReport/, status: 503, times: 1 });
    expect((await allRows(1000)).flatMap((p) => p.rows)).toHaveLength(500);
    expect(fake.requests(/runReport/).length - before).toBe(4);
  });

  it("gives up with a quota error after the last attempt", async () => {
    fake.fail({ match: /runReport/, status: 429, times: 4 });
    const error = await failure(allRows(1000));
    expect(error.kind).toBe("quota");
    expect(error.status).toBe(429);
  });

  it("retries a malformed JSON answer, and reports it when it persists", async () => {
    fake.fail({ match: /runReport/, malformed: true, times: 1 });
    expect((await allRows(1000)).flatMap((p) => p.rows)).toHaveLength(500);
    fake.fail({ match: /runReport/, malformed: true, times: 4 });
    expect((await failure(allRows(1000))).kind).toBe("malformed");
  });

  it("maps a property the user lost access to to a 403 access error", async () => {
    fake.deny("properties/1002");
    const error = await failure(runGa4Report(client(), report(100, { property: "properties/1002" }), () => undefined));
    expect(error.kind).toBe("access");
    expect(error.detail).toMatch(/sufficient permissions/);
  });
});

describe("legacy Analytics Management API", () => {
  it("lists accounts, views, goals and segments", async () => {
    expect(await listUaAccounts(client())).toEqual([{ id: "11111", name: "Northwind (Universal Analytics)" }]);
    const views = await listUaProfiles(client(), "11111", "UA-11111-1");
    expect(views.map((v) => [v.id, v.ecommerce])).toEqual([
      ["90001", true],
      ["90002", false],
    ]);
    expect((await listUaGoals(client(), "11111", "UA-11111-1", "90001")).map((g) => g.id)).toEqual(["1", "2", "3"]);
    expect(await listUaGoals(client(), "11111", "UA-11111-1", "90002")).toEqual([]);
    expect((await listUaSegments(client())).map((s) => s.id)).toContain("gaid::-1");
  });

  it("answers 403 to a user without Analytics accounts", async () => {
    const empty = await signInWithGoogle(fake, EMPTY_EMAIL);
    expect((await failure(listUaAccounts(authorizedClient(empty.tokens)))).detail).toMatch(
      /any Google Analytics account/,
    );
  });
});

describe("Search Console", () => {
  it("lists sites and pages Search Analytics with rowLimit/startRow", async () => {
    expect((await listSites(client())).map((s) => s.siteUrl)).toContain("https://www.northwind.example/");
    const sizes: number[] = [];
    const result = await querySearchAnalytics(
      client(),
      {
        siteUrl: "https://www.northwind.example/",
        startDate: "2026-03-01",
        endDate: "2026-03-10",
        dimensions: ["date", "query"],
        pageRows: 40,
      },
      (rows) => void sizes.push(rows.length),
    );
    // 10 days x 9 rows = 90 rows: pages of 40, 40, 10.
    expect(sizes).toEqual([40, 40, 10]);
    expect(result.rows).toBe(90);
  });
});

describe("Google Ads REST", () => {
  it("lists accessible customers, describes one, lists campaigns and streams GAQL rows", async () => {
    expect(await listAccessibleCustomers(client())).toEqual(["1234567890", "9876543210"]);
    expect(await describeCustomer(client(), "9876543210")).toMatchObject({ name: "Contoso Ads", currencyCode: "EUR" });
    expect((await listCampaigns(client(), "1234567890")).map((c) => c.name)).toContain("Brand - Search");
    const rows = await searchStream(
      client(),
      "1234567890",
      "SELECT campaign.name, segments.date, metrics.cost_micros FROM campaign WHERE segments.date BETWEEN '2026-03-01' AND '2026-03-02'",
    );
    expect(rows).toHaveLength(8);
    expect(typeof rows[0].metrics?.costMicros).toBe("string");
  });

  it("answers a view's rows as the API nests them: resource names, camelCased fields, int64 as strings", async () => {
    const [row] = await searchStream(
      client(),
      "1234567890",
      "SELECT campaign.id, ad_group_criterion.keyword.text, segments.date, metrics.impressions, metrics.conversions " +
        "FROM keyword_view WHERE segments.date BETWEEN '2026-03-01' AND '2026-03-01'",
    );
    expect(row.keywordView?.resourceName).toMatch(/^customers\/1234567890\/keywordViews\/\d+~\d+$/);
    expect(row.adGroupCriterion).toMatchObject({
      resourceName: expect.stringMatching(/^customers\/1234567890\/adGroupCriteria\/\d+~\d+$/),
      keyword: { text: expect.any(String) },
    });
    expect(row.campaign).toMatchObject({
      resourceName: expect.stringMatching(/campaigns\/\d+$/),
      id: expect.any(String),
    });
    expect(typeof row.metrics?.impressions).toBe("string");
    const [geo] = await searchStream(
      client(),
      "1234567890",
      "SELECT geographic_view.country_criterion_id, segments.date, metrics.clicks FROM geographic_view " +
        "WHERE segments.date BETWEEN '2026-03-01' AND '2026-03-01'",
    );
    expect(geo.geographicView).toMatchObject({
      resourceName: expect.stringMatching(/geographicViews\/\d+~LOCATION_OF_PRESENCE$/),
      countryCriterionId: expect.stringMatching(/^\d+$/),
    });
    const error = await failure(
      searchStream(client(), "1234567890", "SELECT search_term_view.search_term FROM landing_page_view"),
    );
    expect(error.detail).toMatch(/PROHIBITED_RESOURCE_TYPE_IN_SELECT_CLAUSE|INVALID_ARGUMENT/);
  });

  it("refuses an unknown GAQL field with the Ads error", async () => {
    const error = await failure(searchStream(client(), "1234567890", "SELECT campaign.nope FROM campaign"));
    expect(error.kind).toBe("request");
    expect(error.detail).toMatch(/INVALID_ARGUMENT/);
  });
});

describe("a revoked sign-in", () => {
  it("turns the refused refresh (invalid_grant) into a token error with the reconnect message", async () => {
    const signedIn = await signInWithGoogle(fake);
    fake.revokeAll();
    const error = await failure(listGa4Accounts(authorizedClient(signedIn.tokens)));
    expect(error.kind).toBe("token");
    expect(error.message).toMatch(/reconnect Google/);
    tokens = (await signInWithGoogle(fake)).tokens;
  });
});

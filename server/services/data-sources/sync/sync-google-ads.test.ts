import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { GoogleFake } from "@/e2e/fakes/google/server";
import { adsCampaignId, forEachAdsRow } from "@/e2e/fakes/google/generated-data";
import {
  adsReport,
  adsReportImportSummary,
  GOOGLE_ADS_REPORT_OPTIONS,
  GOOGLE_ADS_REPORTS,
} from "@/lib/constants/google-ads-reports";
import { encryptSecret } from "@/server/auth/encryption";
import { db } from "@/server/db/client";
import { dataSources, thirdPartySessions } from "@/server/db/schema";
import { resetDatabase } from "@/test/db";
import { createAgency } from "@/test/factories";
import { signInWithGoogle, startGoogleForTests } from "@/test/google-fake";
import { insertClient, insertProject } from "@/test/workspace";
import { adsReportQuery } from "./connectors/google-ads";
import { addDays } from "./dates";
import { syncDataSource } from "./run-sync";

// A Google Ads source synced from the fake Ads API: the report chosen in the wizard decides the
// Google Ads view read and what each campaign's days are broken down by, and whatever the view,
// the stored cost, clicks and conversion value add up to the account's campaign totals.

const TODAY = "2026-03-10";
const CUSTOMER = "1234567890";
let fake: GoogleFake;

beforeAll(async () => {
  fake = await startGoogleForTests({ historyDays: 40, today: TODAY });
});
afterAll(() => fake.close());
beforeEach(() => resetDatabase());

async function adsSource(adsReport: string, adsCampaign = "all") {
  const { agency, admin } = await createAgency();
  const project = await insertProject(await insertClient(agency.id));
  const { tokens, email } = await signInWithGoogle(fake);
  const [session] = await db()
    .insert(thirdPartySessions)
    .values({
      agencyId: agency.id,
      userId: admin.id,
      type: "google",
      accessTokenEncrypted: encryptSecret(tokens.accessToken),
      refreshTokenEncrypted: encryptSecret(tokens.refreshToken!),
      expiresAt: tokens.expiresAt,
      additionalInfo: { email },
    })
    .returning();
  const [source] = await db()
    .insert(dataSources)
    .values({
      agencyId: agency.id,
      projectId: project.id,
      sourceName: "ads",
      kind: "google",
      subType: "ads",
      additional: { adsAccount: CUSTOMER, adsReport, adsCampaign },
      thirdPartySessionId: session.id,
      createdById: admin.id,
    })
    .returning();
  return source;
}

/** The fake account's campaign totals over the days it holds before TODAY. */
function served(onlyCampaign?: string) {
  let cost = 0;
  let clicks = 0;
  let revenue = 0;
  for (let d = addDays(TODAY, -40); d < TODAY; d = addDays(d, 1))
    forEachAdsRow(fake.state.settings, CUSTOMER, d, (r) => {
      if (onlyCampaign && r.campaignId !== onlyCampaign) return;
      cost += r.costMicros / 1_000_000;
      clicks += r.clicks;
      revenue += r.conversionsValue;
    });
  return { cost, clicks, revenue };
}

type Column = "device" | "keyword" | "query" | "landing_page" | "country";

async function stored(dataSourceId: string, columns: Column[]) {
  const totals = await db().execute<{ cost: number; clicks: number; revenue: number; campaigns: number }>(sql`
    select coalesce(sum(o.cost), 0)::float as cost, coalesce(sum(o.clicks), 0)::float as clicks,
           coalesce(sum(o.revenue), 0)::float as revenue, count(distinct d.campaign)::int as campaigns
    from observations o join dimension_sets d on d.id = o.dimension_set_id where o.data_source_id = ${dataSourceId}`);
  const values = await db().execute<{ value: string | null }>(sql`
    select distinct concat_ws(' | ', ${sql.raw(columns.map((c) => `d.${c}`).join(", ") || "null")}) as value
    from observations o join dimension_sets d on d.id = o.dimension_set_id
    where o.data_source_id = ${dataSourceId} order by 1`);
  // Every dimension the report does not break down by is absent from its rows (NULL), not "(not set)".
  const others = (["device", "keyword", "query", "landing_page", "country"] as Column[]).filter(
    (c) => !columns.includes(c),
  );
  const stray = await db().execute<{ n: number }>(sql`
    select count(*)::int as n from observations o join dimension_sets d on d.id = o.dimension_set_id
    where o.data_source_id = ${dataSourceId} and coalesce(${sql.raw(others.map((c) => `d.${c}`).join(", "))}) is not null`);
  return { ...totals.rows[0], values: values.rows.map((r) => r.value), stray: stray.rows[0].n };
}

describe("Google Ads reports", () => {
  it.each([
    ["ALL_DATA", ["device"], ["desktop", "mobile", "tablet"]],
    ["KEYWORDS_PERFORMANCE_REPORT", ["keyword"], ["northwind shoes", "running shoes", "shoe sale", "trail shoes"]],
    ["DISPLAY_KEYWORD_PERFORMANCE_REPORT", ["keyword"], ["hiking gear", "outdoor shoes", "trail running"]],
    [
      "SEARCH_QUERY_PERFORMANCE_REPORT",
      ["query"],
      ["best trail shoes 2026", "buy running shoes", "northwind outlet", "waterproof hiking boots"],
    ],
    [
      "KEYWORDLESS_QUERY_REPORT",
      ["query", "landing_page"],
      [
        "northwind returns policy | /help/returns",
        "northwind trail runner | /products/trail",
        "waterproof jacket women | /jackets",
      ],
    ],
    ["LANDING_PAGE_REPORT", ["landing_page"], ["/", "/products/trail?utm_source=google", "/sale"]],
    ["GEO_PERFORMANCE_REPORT", ["country"], ["Canada", "Germany", "United Kingdom", "United States"]],
  ] as const)(
    "%s imports each campaign by its view's %s, adding up to the account's totals",
    async (report, columns, values) => {
      const source = await adsSource(report);
      const outcome = await syncDataSource(source.id, { today: TODAY });
      expect(outcome).toMatchObject({ status: "succeeded", mode: "initial" });
      const result = await stored(source.id, [...columns]);
      const expected = served();
      expect(result.values).toEqual(values);
      expect(result.stray).toBe(0);
      expect(result.campaigns).toBe(4);
      expect(result.cost).toBeCloseTo(expected.cost, 6);
      expect(result.clicks).toBe(expected.clicks);
      expect(result.revenue).toBeCloseTo(expected.revenue, 6);
    },
  );

  it("reads each report from its own Google Ads view", async () => {
    const views = GOOGLE_ADS_REPORT_OPTIONS.map((r) => /FROM (\w+)/.exec(adsReportQuery(r, TODAY, TODAY))![1]);
    expect(views).toEqual([
      "campaign",
      "campaign",
      "keyword_view",
      "search_term_view",
      "dynamic_search_ads_search_term_view",
      "display_keyword_view",
      "landing_page_view",
      "geographic_view",
    ]);
    expect(adsReportQuery("ALL_DATA", TODAY, TODAY)).toContain("segments.device");
    expect(adsReportQuery("CAMPAIGN_PERFORMANCE_REPORT", TODAY, TODAY)).not.toContain("segments.device");
  });

  it("imports a campaign report by campaign only, and one chosen campaign when the source names it", async () => {
    const campaign = adsCampaignId(CUSTOMER, 1);
    const source = await adsSource("CAMPAIGN_PERFORMANCE_REPORT", campaign);
    await syncDataSource(source.id, { today: TODAY });
    const result = await stored(source.id, []);
    expect(result.stray).toBe(0);
    expect(result.campaigns).toBe(1);
    expect(result.cost).toBeCloseTo(served(campaign).cost, 6);
  });

  it("moves sources saved with an AdWords type no longer offered to the report that imports what they imported", async () => {
    const saved = {
      AGE_RANGE_PERFORMANCE_REPORT: "CAMPAIGN_PERFORMANCE_REPORT",
      DISPLAY_KEYWORD_PERFORMANCE_REPORT: "KEYWORDS_PERFORMANCE_REPORT",
      KEYWORDLESS_QUERY_REPORT: "SEARCH_QUERY_PERFORMANCE_REPORT",
      URL_PERFORMANCE_REPORT: "LANDING_PAGE_REPORT",
      CAMPAIGN_LOCATION_TARGET_REPORT: "GEO_PERFORMANCE_REPORT",
      SEARCH_QUERY_PERFORMANCE_REPORT: "SEARCH_QUERY_PERFORMANCE_REPORT",
      ALL_DATA: "ALL_DATA",
    };
    const sources = await Promise.all(Object.keys(saved).map((report) => adsSource(report)));
    const migration = readFileSync(path.resolve("drizzle/0036_ads_reports_regrouped.sql"), "utf8");
    await db().execute(sql.raw(migration));
    const after = await db().select().from(dataSources);
    for (const [i, report] of Object.keys(saved).entries()) {
      const row = after.find((r) => r.id === sources[i].id)!;
      expect([report, row.additional.adsReport]).toEqual([report, saved[report as keyof typeof saved]]);
      expect(row.additional.adsAccount).toBe(CUSTOMER);
    }
  });

  it("says under each report's name what it brings", () => {
    expect(GOOGLE_ADS_REPORTS).toHaveLength(8);
    expect(new Set(GOOGLE_ADS_REPORTS.map((r) => r.label)).size).toBe(8);
    expect(adsReportImportSummary("SEARCH_QUERY_PERFORMANCE_REPORT")).toBe(
      "Each campaign's day by what people typed into Google when the ad showed. Imports impressions, clicks, cost, conversions and conversion value by day (Google Ads: search_term_view).",
    );
    // A value saved by no report of the list (migration 0033 moved the old ones) reads as Campaigns.
    expect(adsReport("AGE_RANGE_PERFORMANCE_REPORT").label).toBe("Campaigns");
  });
});

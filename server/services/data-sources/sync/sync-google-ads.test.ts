import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { GoogleFake } from "@/e2e/fakes/google/server";
import { adsCampaignId, forEachAdsRow } from "@/e2e/fakes/google/generated-data";
import { adsReportBreakdown, adsReportImportSummary } from "@/lib/constants/google-ads-reports";
import { encryptSecret } from "@/server/auth/encryption";
import { db } from "@/server/db/client";
import { dataSources, thirdPartySessions } from "@/server/db/schema";
import { resetDatabase } from "@/test/db";
import { createAgency } from "@/test/factories";
import { signInWithGoogle, startGoogleForTests } from "@/test/google-fake";
import { insertClient, insertProject } from "@/test/workspace";
import { addDays } from "./dates";
import { syncDataSource } from "./run-sync";

// A Google Ads source synced from the fake Ads API: the report type chosen in the wizard decides
// what each campaign's days are broken down by, and whatever the breakdown, the stored cost,
// clicks and conversion value add up to the account's campaign totals.

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

async function stored(dataSourceId: string, column: "device" | "keyword" | "query" | "landing_page" | "country") {
  const totals = await db().execute<{ cost: number; clicks: number; revenue: number; campaigns: number }>(sql`
    select coalesce(sum(o.cost), 0)::float as cost, coalesce(sum(o.clicks), 0)::float as clicks,
           coalesce(sum(o.revenue), 0)::float as revenue, count(distinct d.campaign)::int as campaigns
    from observations o join dimension_sets d on d.id = o.dimension_set_id where o.data_source_id = ${dataSourceId}`);
  const values = await db().execute<{ value: string | null }>(sql`
    select distinct d.${sql.raw(column)} as value from observations o join dimension_sets d on d.id = o.dimension_set_id
    where o.data_source_id = ${dataSourceId} order by 1`);
  return { ...totals.rows[0], values: values.rows.map((r) => r.value) };
}

describe("Google Ads report types", () => {
  it.each([
    ["KEYWORDS_PERFORMANCE_REPORT", "keyword", ["northwind shoes", "running shoes", "shoe sale", "trail shoes"]],
    [
      "SEARCH_QUERY_PERFORMANCE_REPORT",
      "query",
      ["best trail shoes 2026", "buy running shoes", "northwind outlet", "waterproof hiking boots"],
    ],
    ["LANDING_PAGE_REPORT", "landing_page", ["/", "/products/trail?utm_source=google", "/sale"]],
    ["GEO_PERFORMANCE_REPORT", "country", ["Canada", "Germany", "United Kingdom", "United States"]],
    ["ALL_DATA", "device", ["desktop", "mobile", "tablet"]],
  ] as const)("%s imports each campaign by %s, adding up to the account's totals", async (report, column, values) => {
    const source = await adsSource(report);
    const outcome = await syncDataSource(source.id, { today: TODAY });
    expect(outcome).toMatchObject({ status: "succeeded", mode: "initial" });
    const result = await stored(source.id, column);
    const expected = served();
    expect(result.values).toEqual(values);
    expect(result.campaigns).toBe(4);
    expect(result.cost).toBeCloseTo(expected.cost, 6);
    expect(result.clicks).toBe(expected.clicks);
    expect(result.revenue).toBeCloseTo(expected.revenue, 6);
  });

  it("imports a campaign report by campaign only, and one chosen campaign when the source names it", async () => {
    const campaign = adsCampaignId(CUSTOMER, 1);
    const source = await adsSource("CAMPAIGN_PERFORMANCE_REPORT", campaign);
    await syncDataSource(source.id, { today: TODAY });
    const result = await stored(source.id, "device");
    expect(result.values).toEqual([null]);
    expect(result.campaigns).toBe(1);
    expect(result.cost).toBeCloseTo(served(campaign).cost, 6);
  });

  it("says in the wizard what each type imports", () => {
    expect(adsReportBreakdown("AGE_RANGE_PERFORMANCE_REPORT")).toBe("campaign");
    expect(adsReportBreakdown("nonsense")).toBe("campaign");
    expect(adsReportImportSummary("URL_PERFORMANCE_REPORT")).toBe(
      "Imports impressions, clicks, cost, conversions and conversion value by day, by campaign and landing page.",
    );
  });
});

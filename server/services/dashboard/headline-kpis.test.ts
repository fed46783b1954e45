import { describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import { mulberry32 } from "@/lib/seeded-random";
import { isGoodChange } from "@/components/dashboard/kpi-tile";
import { SUMMED_PARTS, buildKpis, headlineParts, isAdAccount, type DayValues } from "./headline-kpis";

// A project with an analytics export and an ads export: both carry conversions. The dashboard
// shows the site's conversions (the analytics'), not the two added up.

const ADS = "00000000-0000-4000-8000-00000000000a";
const ANALYTICS = "00000000-0000-4000-8000-00000000000b";
const day = (sourceId: string, date: string, current: boolean, parts: Record<string, number>): DayValues => ({
  sourceId,
  date,
  current,
  values: SUMMED_PARTS.map((p) => parts[p.key] ?? null),
});

describe("buildKpis", () => {
  it("reads each number from one source, not the sum of the sources that carry it", () => {
    const days = ["2026-11-01", "2026-11-02"].flatMap((date, i) => [
      day(ANALYTICS, date, i === 1, { sessions: 1_000, conversions: 50 }),
      day(ADS, date, i === 1, { clicks: 400, cost: 800, conversions: 30 }),
    ]);
    const kpis = buildKpis(["conversions", "sessions", "cost"], days, ["2026-11-02"]);
    expect(kpis.map((k) => [k.key, k.current, k.previous])).toEqual([
      ["conversions", 50, 50],
      ["sessions", 1_000, 1_000],
      ["cost", 800, 800],
    ]);
    expect(kpis[0].series).toEqual([{ date: "2026-11-02", value: 50 }]);
  });

  it("shows the first three numbers the data holds: deals won first when the CRM is connected", () => {
    const parts = headlineParts("lead_generation", null);
    expect(parts.slice(0, 4)).toEqual(["dealsWon", "leads", "conversions", "sessions"]);
    // A KPI the agency set comes first instead.
    expect(headlineParts("lead_generation", "leads").slice(0, 3)).toEqual(["leads", "conversions", "sessions"]);
    expect(headlineParts("content", "reach")[0]).toBe("impressions");
    const site = (date: string, current: boolean) => day(ANALYTICS, date, current, { sessions: 900, leads: 30 });
    const crm = (date: string, current: boolean) => day(ADS, date, current, { dealsWon: 4, dealsCreated: 9 });
    const dates = ["2026-11-01", "2026-11-02"];
    const without = buildKpis(
      parts,
      dates.map((d, i) => site(d, i === 1)),
      ["2026-11-02"],
    );
    expect(without.map((k) => k.key)).toEqual(["leads", "sessions"]);
    const withCrm = buildKpis(
      parts,
      dates.flatMap((d, i) => [site(d, i === 1), crm(d, i === 1)]),
      ["2026-11-02"],
    );
    expect(withCrm.map((k) => [k.key, k.current])).toEqual([
      ["dealsWon", 4],
      ["leads", 30],
      ["sessions", 900],
    ]);
    // A store connected alone shows its own orders.
    expect(headlineParts("ecommerce", null).slice(0, 5)).toEqual([
      "revenue",
      "transactions",
      "sessions",
      "orderRevenue",
      "storeOrders",
    ]);
    // A content site's Search Console export alone has none of its site type's numbers: its clicks and impressions.
    const search = (date: string, current: boolean) => day(ADS, date, current, { clicks: 120, impressions: 9_000 });
    const searchOnly = buildKpis(
      headlineParts("content", null),
      dates.map((d, i) => search(d, i === 1)),
      ["2026-11-02"],
    );
    expect(searchOnly.map((k) => [k.key, k.current])).toEqual([
      ["clicks", 120],
      ["impressions", 9_000],
    ]);
  });

  it("shows an ad account's spend, clicks and cost per click, recomputed from the periods' sums", () => {
    const dates = ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04"];
    const ads = dates.map((date, i) =>
      day(ADS, date, i >= 2, i >= 2 ? { cost: 60, clicks: 120 + i, impressions: 9_000 } : { cost: 100, clicks: 100 }),
    );
    expect(isAdAccount(ads)).toBe(true);
    const kpis = buildKpis(headlineParts("lead_generation", null, { adAccount: true }), ads, dates.slice(2));
    expect(kpis.map((k) => k.key)).toEqual(["cost", "clicks", "cpc"]);
    const cpc = kpis[2];
    // $120 over 245 clicks against $200 over 200: each period's sums divided, never a mean of the days' ratios.
    expect(cpc.current).toBeCloseTo(120 / 245, 10);
    expect(cpc.previous).toBeCloseTo(1, 10);
    expect(cpc.series.map((p) => p.value)).toEqual([60 / 122, 60 / 123]);
    expect(cpc.results).toMatchObject({ metric: "clicks", before: 100, after: 122.5 });
    expect(cpc.results!.changePct).toBeCloseTo(0.225, 10);
    // A source that counts visits makes it a site's project, whose row is the site type's.
    expect(isAdAccount([...ads, day(ANALYTICS, dates[3], true, { sessions: 900 })])).toBe(false);
    // Search Console's clicks without spend are no ad account either.
    expect(isAdAccount(dates.map((date, i) => day(ADS, date, i >= 2, { clicks: 120, impressions: 9_000 })))).toBe(
      false,
    );
  });

  it("says whether each change stands out from the days' ordinary variation, as a report's test does", () => {
    const random = mulberry32(3);
    const dates = Array.from({ length: 56 }, (_, i) => addDays("2026-10-01", i));
    const build = (drop: number) =>
      buildKpis(
        ["sessions"],
        dates.map((date, i) =>
          day(ANALYTICS, date, i >= 28, {
            sessions: Math.round(1_000 * (i >= 28 ? 1 - drop : 1) * (0.9 + 0.2 * random())),
          }),
        ),
        dates.slice(28),
      )[0];
    // A 2 % dip inside ±10 % daily noise is not news; a 30 % fall is.
    const wobble = build(0.02);
    expect(wobble.changePct).toBeLessThan(0);
    expect(wobble.significant).toBe(false);
    expect(build(0.3).significant).toBe(true);
    // Nothing to compare: no test.
    expect(
      buildKpis(["sessions"], [day(ANALYTICS, dates[30], true, { sessions: 5 })], [dates[30]])[0].significant,
    ).toBe(null);
  });

  it("says what the season did, when the data has the same days a year earlier", () => {
    const random = mulberry32(4);
    const dates = Array.from({ length: 56 }, (_, i) => addDays("2026-10-01", i));
    const index = SUMMED_PARTS.findIndex((p) => p.key === "sessions");
    const totals = (n: number) => SUMMED_PARTS.map((_, i) => (i === index ? n : null));
    const build = (rise: number, lastYearRise: number) =>
      buildKpis(
        ["sessions"],
        dates.map((date, i) =>
          day(ANALYTICS, date, i >= 28, {
            sessions: Math.round(1_000 * (i >= 28 ? 1 + rise : 1) * (0.95 + 0.1 * random())),
          }),
        ),
        dates.slice(28),
        new Map([[ANALYTICS, { previous: totals(28_000), current: totals(28_000 * (1 + lastYearRise)) }]]),
      )[0];
    // November rose 30 %, as it did last year: expected, no good news.
    const expected = build(0.3, 0.3);
    expect(expected.season).toMatchObject({ expected: true });
    expect(isGoodChange(expected)).toBe(null);
    // It rose 8 % where last year's rose 30 %: short of the season, no good news either.
    const short = build(0.08, 0.3);
    expect(short.season).toMatchObject({ expected: false });
    expect(short.current).toBeLessThan(short.season!.expectedCurrent);
    expect(isGoodChange(short)).toBe(null);
    // Without last year's days, a rise is good news.
    expect(isGoodChange({ ...short, season: null })).toBe(true);
  });
});

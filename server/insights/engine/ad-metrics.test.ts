import { describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import { gaussian, mulberry32 } from "@/lib/seeded-random";
import { PART_INDEX, PARTS, type PartValues } from "../data/parts";
import { ProjectData, type SegmentRow } from "../data/project-data";
import { generateProject } from "../synthetic/generate-project";
import type { Finding } from "../types";
import { runEngine } from "./run-engine";

// ROAS and cost per conversion come only from advertising data: the ad platform's cost against
// the conversions and conversion value it attributes to paid campaigns, never whole-site revenue
// over ad spend; "(direct)", "(organic)", "(not set)" and "(none)" are not campaigns.

const ADS = "00000000-0000-4000-8000-0000000000ad";
type Campaign = readonly [string, number, number, number];
const PAID: Campaign[] = [
  // name, daily cost, daily conversion value before, after (Generic's return halves in the period)
  ["Brand", 200, 1000, 1000],
  ["Generic", 500, 1500, 750],
];
/** Rows an export may carry that no ad budget paid for: value, no cost. */
const unpaid = (scale: number, growth: number): Campaign[] => [
  ["(direct)", 0, 400 * scale, 400 * scale * growth],
  ["(organic)", 0, 300 * scale, 300 * scale * growth],
  ["(not set)", 0, 100 * scale, 100 * scale * growth],
];

/** `conversionsAs: "leads"`: the conversions are a lead-generation export's leads (no conversions column). */
function withAds(CAMPAIGNS: Campaign[], conversionsAs: "conversions" | "leads" = "conversions") {
  const { input } = generateProject(2, false);
  const w = input.window;
  const z = gaussian(mulberry32(42));
  const days = new Map<string, PartValues>();
  const byCampaign = new Map<string, { current: PartValues; baseline: PartValues }>();
  const empty = (): PartValues => PARTS.map(() => null);
  for (const [name] of CAMPAIGNS) byCampaign.set(name, { current: empty(), baseline: empty() });
  for (let d = w.comparisonStart; d <= w.periodEnd; d = addDays(d, 1)) {
    const inPeriod = d >= w.periodStart;
    const total = empty();
    for (const [name, cost, before, after] of CAMPAIGNS) {
      const c = Math.round(cost * (1 + 0.05 * z()) * 100) / 100;
      const v = Math.round((inPeriod ? after : before) * (1 + 0.05 * z()) * 100) / 100;
      const rows = byCampaign.get(name)![inPeriod ? "current" : "baseline"];
      for (const [part, x] of [
        ["cost", c],
        ["revenue", v],
        ["clicks", Math.round(c / 2) + 10],
        [conversionsAs, Math.round(v / 80)],
      ] as const) {
        rows[PART_INDEX[part]] = (rows[PART_INDEX[part]] ?? 0) + x;
        total[PART_INDEX[part]] = (total[PART_INDEX[part]] ?? 0) + x;
      }
    }
    days.set(d, total);
  }
  const rows: SegmentRow[] = [...byCampaign].flatMap(([value, v]) => [
    { sourceId: ADS, dimension: "campaign" as const, value, current: true, combos: 1, values: v.current },
    { sourceId: ADS, dimension: "campaign" as const, value, current: false, combos: 1, values: v.baseline },
  ]);
  const data = new ProjectData(
    w,
    [...input.data.sources, { sourceId: ADS, days }],
    rows, // the breakdowns by campaign; the site's channel and device splits are not needed here
    ["channel", "device", "campaign"],
  );
  return { ...input, data };
}

describe("ad metrics", () => {
  it("reads ROAS from the ad data alone and never names (direct), (organic) or (not set) as a campaign", () => {
    const report = runEngine(withAds([...PAID, ...unpaid(1, 1)]));
    const roas = report.insights.find((i) => i.intentionKey === "roas_by_campaign")!;
    expect(roas.summary).not.toMatch(/Skipped/);
    const findings = roas.findings as (Finding & { dimensionValue: string | null })[];
    expect(findings.length).toBeGreaterThan(0);
    const total = findings.find((f) => f.dimension === null)!;
    // Paid campaigns only: (1000 + 1500) / 700 before, (1000 + 750) / 700 in the period — not the
    // site's revenue (≈ €2,600 a day) nor the unpaid rows' value over the ad spend.
    expect(total.baseline!).toBeCloseTo(2500 / 700, 1);
    expect(total.current!).toBeCloseTo(1750 / 700, 1);
    expect(total.direction).toBe("down");
    // Its change times the spend is not revenue lost (the spend would have earned that at the old return): no
    // "Estimated effect over the period" in revenue, which an ad cut's rising ROAS read as revenue gained.
    expect(roas.summary).not.toContain("Estimated effect over the period");
    const named = findings.map((f) => f.dimensionValue).filter((v) => v !== null);
    expect(named).toContain("Generic");
    for (const v of named) expect(["(direct)", "(organic)", "(not set)", "(none)"]).not.toContain(v);
  });

  it("does not report the unpaid rows' rise as a rise of ROAS", () => {
    // The unpaid rows triple while the paid campaigns' return falls: whole-source ROAS would rise.
    const report = runEngine(withAds([...PAID, ...unpaid(50, 3)]));
    const roas = report.insights.find((i) => i.intentionKey === "roas_by_campaign")!;
    for (const f of roas.findings) {
      expect(f.direction).not.toBe("up");
      expect(["(direct)", "(organic)", "(not set)"]).not.toContain(f.dimensionValue);
    }
  });

  it("leaves campaigns without cost (email, social tags) out of ROAS and cost per conversion", () => {
    // An analytics export's campaigns: the paid ones, and a newsletter whose orders triple in the period.
    const newsletter: Campaign = ["weekly_digest", 0, 300, 900];
    const report = runEngine(withAds([...PAID, newsletter]));
    for (const key of ["roas_by_campaign", "cpa_by_campaign"]) {
      const insight = report.insights.find((i) => i.intentionKey === key)!;
      expect(insight.findings.length).toBeGreaterThan(0);
      for (const f of insight.findings) expect(f.dimensionValue).not.toBe("weekly_digest");
      const total = insight.findings.find((f) => f.dimension === null)!;
      if (key === "roas_by_campaign") {
        // The paid campaigns' return only, (1000 + 1500) / 700 → (1000 + 750) / 700: with the newsletter
        // it would be (2500 + 300) / 700 → (1750 + 900) / 700, hardly a fall.
        expect(total.baseline!).toBeCloseTo(2500 / 700, 1);
        expect(total.current!).toBeCloseTo(1750 / 700, 1);
      } else {
        // Cost over the paid campaigns' conversions (value / 80 a day): 700 / 31.25 → 700 / 21.9.
        expect(total.baseline!).toBeCloseTo(700 / (2500 / 80), 0);
        expect(total.current!).toBeCloseTo(700 / (1750 / 80), 0);
        // Ranked by its own relative change (¼ × 43 %), not against the cost over every conversion.
        const relative = Math.abs(total.change! / total.baseline!);
        expect(insight.impact).toBeCloseTo(0.25 * relative, 2);
      }
    }
  });

  it("names the source of a total that is not the site's: revenue by campaign is the ads export's", () => {
    const input = withAds([...PAID, ...unpaid(1, 1)]);
    const names = { [ADS]: "Google Ads export" };
    const report = runEngine({ ...input, project: { ...input.project, sourceNames: names } });
    const revenue = report.insights.find((i) => i.intentionKey === "revenue_by_campaign")!;
    const total = revenue.findings.find((f) => f.kind === "change" && f.dimension === null)!;
    expect(total).toMatchObject({ scope: "Google Ads export", direction: "down" });
    expect(revenue.summary).toMatch(/^Revenue in “Google Ads export” fell to /);
    // ROAS has no other source: its total is the ads' own, no scope.
    const roas = report.insights.find((i) => i.intentionKey === "roas_by_campaign")!;
    expect(roas.findings.find((f) => f.dimension === null)).not.toHaveProperty("scope");
  });

  it("says which column cost per conversion lacks when the data has ad cost but no conversions", () => {
    const { input } = generateProject(2, false);
    // An ads export of cost, transactions and revenue: ROAS can be read, cost per conversion cannot.
    const adsOnly = input.data.sources.map((s) => ({
      ...s,
      days: new Map(
        [...s.days].map(([date, v]) => {
          const row = [...v];
          row[PART_INDEX.cost] = Math.round((v[PART_INDEX.sessions] ?? 0) * 40) / 100;
          row[PART_INDEX.conversions] = null;
          return [date, row] as const;
        }),
      ),
    }));
    const data = new ProjectData(input.window, adsOnly, [], input.data.loadedDimensions);
    const report = runEngine({ ...input, data });
    const cpa = report.insights.find((i) => i.intentionKey === "cpa_by_campaign")!;
    expect(cpa.summary).toBe(
      "Skipped: cost per conversion needs conversions beside the ad cost, and the data has ad cost but no conversions — upload conversions with each paid campaign's cost, or connect Google Ads.",
    );
  });

  it("reads cost per lead from the paid campaigns' leads, and leaves cost per conversion out, for a lead export", () => {
    // A lead-generation export: leads per campaign beside the ad cost, no conversions column; a newsletter's leads
    // triple in the period (no ad budget bought them).
    const input = withAds([...PAID, ["weekly_digest", 0, 300, 900], ...unpaid(1, 1)], "leads");
    const report = runEngine({ ...input, project: { ...input.project, siteType: "lead_generation" } });
    const cpl = report.insights.find((i) => i.intentionKey === "cpl_by_campaign")!;
    expect(cpl.title).toBe("Cost per lead");
    const total = cpl.findings.find((f) => f.dimension === null)!;
    // Cost over the paid campaigns' leads (value / 80 a day): 700 / 31.25 → 700 / 21.9, a rise.
    expect(total.baseline!).toBeCloseTo(700 / (2500 / 80), 0);
    expect(total.current!).toBeCloseTo(700 / (1750 / 80), 0);
    expect(total.direction).toBe("up");
    expect(cpl.summary).toMatch(/^Cost per lead rose to €3\d\.\d\d /);
    expect(cpl.summary).toContain("A deterioration: lower cost per lead is better.");
    for (const f of cpl.findings) expect(["weekly_digest", "(direct)", "(organic)"]).not.toContain(f.dimensionValue);
    // Cost per conversion would only say the data lacks conversions: the cost per lead is what it has.
    expect(report.insights.find((i) => i.intentionKey === "cpa_by_campaign")).toBeUndefined();
  });

  it("leaves cost per lead out of a lead-generation project without leads, where cost per conversion speaks", () => {
    const input = withAds([...PAID, ...unpaid(1, 1)]);
    const report = runEngine({ ...input, project: { ...input.project, siteType: "lead_generation" } });
    expect(report.insights.find((i) => i.intentionKey === "cpl_by_campaign")).toBeUndefined();
    const cpa = report.insights.find((i) => i.intentionKey === "cpa_by_campaign")!;
    expect(cpa.findings.find((f) => f.dimension === null)?.direction).toBe("up");
  });

  it("says which source ROAS and cost per conversion need when the project has no ad data", () => {
    const report = runEngine(generateProject(2, false).input);
    for (const key of ["roas_by_campaign", "cpa_by_campaign"]) {
      const insight = report.insights.find((i) => i.intentionKey === key)!;
      expect(insight.summary).toMatch(/needs advertising data — connect Google Ads/);
      expect(insight.findings).toEqual([]);
    }
  });
});

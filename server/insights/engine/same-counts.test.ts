import { describe, expect, it } from "vitest";
import { INTENTIONS, type Intention, type SiteTypeKey } from "@/lib/insights/intentions";
import { PART_INDEX } from "../data/parts";
import { generateProject } from "../synthetic/generate-project";
import { eventFound } from "../synthetic/score";
import type { Finding } from "../types";
import { siteTypeIntentions } from "./applicable";
import { runEngine } from "./run-engine";
import { sameCount, twinIntention } from "./same-counts";

// The generated shop's conversions are its transactions on every row (the purchase is its only conversion), as a
// GA4 export of a shop with no other key event has them. Seed 9 plants a fall of Organic Search's conversion rate.

const twins = (siteType: SiteTypeKey, canonical: "transactions" | "leads") => {
  const intentions = siteTypeIntentions(siteType);
  return intentions.flatMap((i) => {
    const twin = twinIntention(i, { alias: "conversions", canonical }, intentions);
    return twin ? [`${i.key} → ${twin.key}`] : [];
  });
};

describe("conversions that are another count under a second name", () => {
  it("are read as the count they equal in every row, and only then", () => {
    const { input } = generateProject(9, true);
    expect(sameCount(input.data, "ecommerce")).toEqual({ alias: "conversions", canonical: "transactions" });
    // One order more on one day: two counts again.
    const day = [...input.data.sources[0].days.values()][40];
    day[PART_INDEX.transactions] = (day[PART_INDEX.transactions] ?? 0) + 1;
    expect(sameCount(input.data, "ecommerce")).toBeNull();
  });

  it("leave each question about them to the count's own intention", () => {
    expect(twins("ecommerce", "transactions")).toEqual([
      "conversions_change → transactions_change",
      "conversion_rate_by_channel → ecommerce_rate_by_channel",
    ]);
    expect(twins("lead_generation", "leads")).toEqual([
      "conversions_anomalies → leads_anomalies",
      "conversions_change → leads_change",
      "conversions_by_channel → leads_by_channel",
      "conversion_rate_by_channel → lead_rate_by_channel",
      "cpa_by_campaign → cpl_by_campaign",
    ]);
    // Without the same numbers, nothing is anyone's twin.
    const all = INTENTIONS as Intention[];
    expect(all.filter((i) => twinIntention(i, null, all))).toEqual([]);
  });

  it("tell a fall of the conversion rate once, and test each series once", () => {
    const { input, event } = generateProject(9, true);
    const report = runEngine(input);
    expect(eventFound(report, event!)).toBe(true);
    const rates = report.insights.filter((i) => /conversion rate fell/i.test(i.summary) && /Channel/.test(i.summary));
    expect(rates.map((i) => i.intentionKey)).toEqual(["ecommerce_rate_by_channel"]);
    const skipped = report.insights.find((i) => i.intentionKey === "conversion_rate_by_channel");
    expect(skipped?.summary).toBe(
      "Skipped: conversions and transactions are the same numbers in this data, so “Ecommerce conversion rate” answers this question.",
    );
    const segmentMetrics = report.insights
      .filter((i) => i.intentionKey.startsWith("segment_"))
      .flatMap((i) => i.findings as Finding[])
      .map((f) => f.metric);
    expect(segmentMetrics).not.toContain("conversions");

    // The same project with one order more on one day: both counts are read, tested and told.
    const twice = generateProject(9, true).input;
    const day = [...twice.data.sources[0].days.values()][40];
    day[PART_INDEX.transactions] = (day[PART_INDEX.transactions] ?? 0) + 1;
    const both = runEngine(twice);
    expect(both.insights.find((i) => i.intentionKey === "conversion_rate_by_channel")?.summary).toMatch(
      /^Conversion rate fell/,
    );
    expect(both.tests).toBeGreaterThan(report.tests + 100);
  });

  it("keep the name of a primary KPI set to conversions", () => {
    const { input } = generateProject(9, true);
    expect(sameCount(input.data, "ecommerce", "conversions")).toEqual({
      alias: "transactions",
      canonical: "conversions",
    });
    const report = runEngine({ ...input, project: { ...input.project, primaryKpi: "conversions" } });
    expect(report.kpi).toBe("conversions");
    expect(report.insights.find((i) => i.intentionKey === "ecommerce_rate_by_channel")?.summary).toBe(
      "Skipped: transactions and conversions are the same numbers in this data, so “Conversion rate by channel” answers this question.",
    );
    expect(report.insights.find((i) => i.intentionKey === "conversion_rate_by_channel")?.summary).toMatch(
      /^Conversion rate fell/,
    );
  });
});

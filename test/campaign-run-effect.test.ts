import { beforeEach, describe, expect, it } from "vitest";
import { dayOfWeek } from "@/lib/dates";
import { resetDatabase } from "@/test/db";
import { noisyCounts, reportOnShop, SHOP_WEEKLY, shopDays } from "@/test/generated-shop";

// A Google Ads export by campaign (impressions, clicks, cost, conversions, conversion value) whose Brand campaign ran
// at 30 % of its clicks for 12 days. Its days in a row led the report at Brand's own rate ("-$15,658.99 revenue"),
// while the impressions' total change, read at the average impression's rate, said "Estimated effect over the period:
// -$5,636.59 revenue" and named no campaign: each of Brand's days alone carried a twelfth of the drop.

/** Campaign, clicks a day, cost per click, conversion rate. */
const CAMPAIGNS = [
  ["Brand", 400, 0.4, 0.08],
  ["Generic - Shoes", 600, 0.9, 0.03],
  ["Generic - Bags", 300, 1.1, 0.025],
  ["Shopping - All", 800, 0.6, 0.02],
  ["Display - Remarketing", 250, 0.3, 0.01],
] as const;

function adsCsv(seed: number, factor: (campaign: string, date: string) => number): string {
  const noise = noisyCounts(seed);
  const lines = ["date,campaign,impressions,clicks,cost,conversions,revenue"];
  for (const date of shopDays())
    for (const [name, clicksMean, cpc, rate] of CAMPAIGNS) {
      const clicks = noise.count(clicksMean * SHOP_WEEKLY[dayOfWeek(date)] * factor(name, date));
      const cost = clicks * cpc * (1 + 0.05 * noise.z());
      const conversions = noise.count(clicks * rate);
      const revenue = Math.max(0, conversions * 60 + 20 * Math.sqrt(conversions) * noise.z());
      lines.push(
        `${date},${name},${noise.count(clicks * 20)},${clicks},${cost.toFixed(2)},${conversions},${revenue.toFixed(2)}`,
      );
    }
  return lines.join("\n");
}

describe("a campaign's days in a row behind a total's change", () => {
  beforeEach(resetDatabase);

  it("name the campaign in the total's change, whose effect is counted at the campaign's rate", async () => {
    const rows = await reportOnShop(
      adsCsv(91, (name, date) => (name === "Brand" && date >= "2026-10-28" && date <= "2026-11-08" ? 0.3 : 1)),
      "ecommerce",
    );
    const days = rows.find((r) => r.intentionKey === "segment_anomalies")!;
    expect(days.summary).toMatch(
      /^(Clicks|Impressions) for Campaign “Brand” were below the expected range on 12 days in a row/,
    );
    const total = rows.find((r) => r.intentionKey === "impressions_change")!;
    expect(total.summary).toContain("% of the drop came from Campaign “Brand”.");
    // Brand's 12 days of about 264 fewer clicks at 8 % and $60: about -$15,000; the rest of the change at the average
    // impression's rate adds a little.
    expect(total.kpiEffect! / days.kpiEffect!).toBeGreaterThan(0.85);
    expect(total.kpiEffect! / days.kpiEffect!).toBeLessThan(1.1);
    const clicks = rows.find((r) => r.intentionKey === "clicks_by_campaign")!;
    expect(total.kpiEffect! / clicks.kpiEffect!).toBeGreaterThan(0.9);
    expect(total.kpiEffect! / clicks.kpiEffect!).toBeLessThan(1.1);
  });
});

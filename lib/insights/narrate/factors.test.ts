import { describe, expect, it } from "vitest";
import type { FactorSplit } from "../finding";
import { analystNarrative, type NarrativeFinding } from "./analyst";
import { describeFinding } from "./sentences";
import type { LegacyFinding } from "./legacy-fields";

// A total's change told from its identity's factors (attribute/factors.ts): the cause named is the factor that carried
// the change, with the split's own numbers, and the next step is the data's own (search results, an ad account).

const period = { start: "2026-10-22", end: "2026-11-20" };
const change = (metric: string, baseline: number, current: number, factors?: FactorSplit): NarrativeFinding => ({
  kind: "change",
  metric,
  dimension: null,
  dimensionValue: null,
  periodStart: period.start,
  periodEnd: period.end,
  current,
  baseline,
  change: current - baseline,
  changePct: (current - baseline) / baseline,
  expectedLow: null,
  expectedHigh: null,
  direction: current > baseline ? "up" : "down",
  ...(factors ? { factors } : {}),
});
const factor = (metric: string, before: number, after: number, effect: number) => ({
  metric,
  before,
  after,
  changePct: (after - before) / before,
  effect,
});
const tell = (f: NarrativeFinding) => analystNarrative({ findings: [f] }, { currency: "USD", period })!;

describe("why a total of search or ad data moved", () => {
  it("clicks that fell with their click-through rate while impressions rose: the rate, and the position beside it", () => {
    const f = change("clicks", 4_547, 3_763, {
      identity: "impressions_ctr",
      factors: [factor("impressions", 1_500_000, 1_620_000, 330), factor("ctr", 0.003031, 0.002323, -1_114)],
      position: { before: 36.2, after: 40.3, change: 4.1 },
    });
    const n = tell({ ...f, dataKind: "organic_search" });
    expect(n.headline).toBe("Clicks fell 17.2 % to 3,763 (−784 against 4,547).");
    expect(n.why).toBe(
      "Clicks fell because the click-through rate fell from 0.3 % to 0.23 % while impressions rose 8 %: −1,114 clicks came from the click-through rate and +330 from impressions. The average position went from 36.2 to 40.3 (lower in the results).",
    );
    expect(n.next).toMatch(/^In Search Console's Performance report, compare the two periods by query and by page/);
    expect(n.next).toMatch(/titles and descriptions/);
    expect(n.next).not.toMatch(/price or an offer/);
    const sentence = describeFinding(f as unknown as LegacyFinding, { currency: "USD" });
    expect(sentence).toContain(
      "Clicks fell because the click-through rate fell from 0.30% to 0.23% while impressions rose 8.0%: -1,114 clicks came from the click-through rate and +330 from impressions.",
    );
  });

  it("clicks that fell with their impressions while the click-through rate held: impressions", () => {
    const f = change("clicks", 20_000, 15_000, {
      identity: "impressions_ctr",
      factors: [factor("impressions", 1_000_000, 752_000, -4_960), factor("ctr", 0.02, 0.01995, -40)],
    });
    const n = tell({ ...f, dataKind: "organic_search" });
    expect(n.why).toBe(
      "Clicks fell because impressions fell 24.8 % while the click-through rate held (2 % → 1.99 %): −4,960 clicks came from impressions and −40 from the click-through rate.",
    );
    expect(n.next).toMatch(/to find which lost impressions/);
  });

  it("both factors the same way: both named, the larger first", () => {
    const f = change("clicks", 20_000, 14_000, {
      identity: "impressions_ctr",
      factors: [factor("impressions", 1_000_000, 850_000, -3_200), factor("ctr", 0.02, 0.0165, -2_800)],
    });
    expect(tell(f).why).toMatch(
      /^Clicks fell because impressions fell 15 % and the click-through rate fell from 2 % to 1.65 %/,
    );
  });

  it("an ad account's cost that rose with its cost per click: bids and the auction, not a shop's offer", () => {
    const f = change("cost", 1_000, 1_310, {
      identity: "clicks_cpc",
      factors: [factor("clicks", 1_000, 1_010, 10), factor("cpc", 1, 1.297, 300)],
    });
    const n = tell({ ...f, dataKind: "ads" });
    expect(n.why).toBe(
      "Cost rose because the cost per click rose from $1.00 to $1.30 while clicks held (+1 %): +$300.00 came from the cost per click and +$10.00 from clicks.",
    );
    expect(n.next).toMatch(/^Each click costs more: check the campaigns' bids and bid strategy/);
  });

  it("an ad account's conversions that fell with their rate per click, and its return on spend with more spend", () => {
    const conversions = change("conversions", 500, 400, {
      identity: "clicks_conversion_rate",
      factors: [factor("clicks", 10_000, 10_050, 2), factor("clickConversionRate", 0.05, 0.0398, -102)],
    });
    const n = tell({ ...conversions, dataKind: "ads" });
    expect(n.why).toMatch(
      /^Conversions fell because the conversion rate per click fell from 5 % to 3\.98 % while clicks held/,
    );
    expect(n.next).toMatch(/^The clicks converted less: check the landing pages the ads lead to/);
    const roas = change("roas", 4, 3.2, {
      identity: "revenue_over_cost",
      factors: [factor("revenue", 4_000, 4_000, 0), factor("cost", 1_000, 1_250, -0.8)],
    });
    const r = tell({ ...roas, dataKind: "ads" });
    expect(r.why).toBe(
      "Return on ad spend fell because ad spend rose 25 % while revenue held (0 %): −0.8× came from ad spend and 0 from revenue.",
    );
    expect(r.next).toMatch(/^The spend rose faster than what it brought/);
  });

  it("a Search Console total without a split still gets a search step; a site's keeps its own", () => {
    const impressions = { ...change("impressions", 100_000, 80_000), dataKind: "organic_search" as const };
    expect(tell(impressions).next).toMatch(/^In Search Console's Performance report/);
    expect(tell(change("transactions", 100, 80)).next).toMatch(/a price or an offer/);
    const position = { ...change("position", 8.2, 9.6) };
    expect(tell(position).headline).toBe(
      "Average position worsened from 8.2 to 9.6 (1.4 places lower in the results).",
    );
    expect(tell(position).next).toMatch(/to find the pages that lost places/);
  });
});

import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { PartKey } from "../data/parts";
import { dataKindOf, factorSplit, type FactorData } from "./factors";

/** A source's totals as the split reads them: each part's [comparison period, period]. */
function data(parts: Partial<Record<PartKey, [number, number]>>, position?: [number, number]): FactorData {
  return {
    has: (p) => p in parts,
    totals: (p) => ({ baseline: parts[p]?.[0] ?? null, current: parts[p]?.[1] ?? null }),
    position: () => (position ? { baseline: position[0], current: position[1] } : null),
  };
}
const totals = (baseline: number, current: number) => ({ baseline, current, change: current - baseline });

describe("a total's change split by its identity", () => {
  it("clicks whose click-through rate fell while impressions held: the rate carries the change", () => {
    // 1,000,000 impressions at 2 % → 1,010,000 at 1.5 %: 20,000 → 15,150 clicks.
    const split = factorSplit(
      "clicks",
      totals(20_000, 15_150),
      data({ impressions: [1_000_000, 1_010_000] }, [8, 9.5]),
    )!;
    expect(split.identity).toBe("impressions_ctr");
    const [impressions, ctr] = split.factors;
    expect(impressions).toMatchObject({ metric: "impressions", before: 1_000_000, after: 1_010_000 });
    expect(impressions.changePct).toBeCloseTo(0.01, 10);
    expect(ctr.metric).toBe("ctr");
    expect(ctr.before).toBeCloseTo(0.02, 10);
    expect(ctr.after).toBeCloseTo(0.015, 10);
    expect(impressions.effect + ctr.effect).toBeCloseTo(-4_850, 8);
    expect(ctr.effect).toBeLessThan(-4_850);
    expect(impressions.effect).toBeGreaterThan(0);
    expect(split.position).toEqual({ before: 8, after: 9.5, change: 1.5 });
  });

  it("clicks whose impressions fell while the click-through rate held: impressions carry it", () => {
    const split = factorSplit("clicks", totals(20_000, 15_000), data({ impressions: [1_000_000, 750_000] }))!;
    const [impressions, ctr] = split.factors;
    expect(impressions.effect).toBeCloseTo(-5_000, 6);
    expect(ctr.effect).toBeCloseTo(0, 6);
    expect(split.position).toBeUndefined();
  });

  it("an ad account's cost split into clicks and cost per click, its conversions into clicks and their rate", () => {
    const ads = data({ clicks: [1_000, 1_000], cost: [1_000, 1_300], conversions: [50, 40] });
    const cost = factorSplit("cost", totals(1_000, 1_300), ads)!;
    expect(cost.identity).toBe("clicks_cpc");
    expect(cost.factors.map((f) => f.metric)).toEqual(["clicks", "cpc"]);
    expect(cost.factors[1]).toMatchObject({ before: 1, after: 1.3 });
    expect(cost.factors[1].effect).toBeCloseTo(300, 8);
    const conversions = factorSplit("conversions", totals(50, 40), ads)!;
    expect(conversions.identity).toBe("clicks_conversion_rate");
    expect(conversions.factors[1]).toMatchObject({ metric: "clickConversionRate", before: 0.05, after: 0.04 });
  });

  it("a site's conversions are not split by ad clicks, and its data kind is none", () => {
    const site = data({
      sessions: [5_000, 5_000],
      clicks: [1_000, 1_000],
      cost: [1_000, 1_000],
      conversions: [50, 40],
    });
    expect(factorSplit("conversions", totals(50, 40), site)).toBeNull();
    expect(dataKindOf(site.has)).toBeUndefined();
    expect(dataKindOf(data({ clicks: [1, 1], positionWeighted: [1, 1] }).has)).toBe("organic_search");
    expect(dataKindOf(data({ clicks: [1, 1], cost: [1, 1] }).has)).toBe("ads");
  });

  it("return on ad spend split into its revenue and its spend: more spend for the same revenue lowers it", () => {
    const ads = data({ revenue: [4_000, 4_000], cost: [1_000, 1_250] });
    const split = factorSplit("roas", totals(4, 3.2), ads)!;
    expect(split.identity).toBe("revenue_over_cost");
    const [revenue, cost] = split.factors;
    expect(revenue.effect).toBeCloseTo(0, 8);
    expect(cost).toMatchObject({ metric: "cost", before: 1_000, after: 1_250 });
    expect(cost.effect).toBeCloseTo(-0.8, 8);
  });

  it("clicks that fell to none split by the sequential rule; no split without impressions on both sides", () => {
    const split = factorSplit("clicks", totals(100, 0), data({ impressions: [10_000, 8_000] }))!;
    expect(split.factors[0].effect + split.factors[1].effect).toBeCloseTo(-100, 10);
    expect(factorSplit("clicks", totals(100, 50), data({ impressions: [0, 8_000] }))).toBeNull();
    expect(factorSplit("clicks", totals(100, 50), data({}))).toBeNull();
    expect(factorSplit("clicks", totals(100, 100), data({ impressions: [1, 2] }))).toBeNull();
  });

  it("the parts always sum to the finding's change, and each has the sign of its factor's move", () => {
    const positive = fc.double({ min: 1, max: 1e7, noNaN: true });
    fc.assert(
      fc.property(positive, positive, positive, positive, (y0, y1, v0, v1) => {
        fc.pre(Math.abs(y1 - y0) > 1e-6 * y0);
        const split = factorSplit("clicks", totals(y0, y1), data({ impressions: [v0, v1] }));
        if (!split) return;
        const [volume, rate] = split.factors;
        expect(volume.effect + rate.effect).toBeCloseTo(y1 - y0, 4);
        if (v1 !== v0) expect(Math.sign(volume.effect)).toBe(Math.sign(v1 - v0));
        if (rate.after !== rate.before) expect(Math.sign(rate.effect)).toBe(Math.sign(rate.after - rate.before));
      }),
    );
  });
});

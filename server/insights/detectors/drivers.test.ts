import { describe, expect, it } from "vitest";
import { gaussian, mulberry32 } from "@/lib/seeded-random";
import { additiveDrivers, ratioDrivers } from "./drivers";

const opts = { metric: "sessions", dimension: "channel", periodStart: "2026-03-01", periodEnd: "2026-03-31" };

describe("additiveDrivers", () => {
  it("sums contributions exactly and reports the planted segment as the top driver", () => {
    const noise = gaussian(mulberry32(3));
    const segments = Array.from({ length: 40 }, (_, i) => {
      const baseline = 1000 + 37 * i;
      return { value: `segment ${i}`, baseline, current: baseline + 10 * noise() };
    });
    segments[17].current -= 2500; // the planted drop
    const r = additiveDrivers(segments, opts);
    const sum = r.segments.reduce((s, x) => s + x.contribution, 0);
    expect(Math.abs(sum - r.totalChange)).toBeLessThan(1e-9);
    expect(r.segments[0].dimensionValue).toBe("segment 17");
    expect(r.segments[0].direction).toBe("down");
    expect(r.topDrivers[0]).toBe("segment 17");
    expect(r.segments[0].shareOfChange!).toBeGreaterThan(0.8);
  });

  it("marks the smallest set explaining 80% and never an offsetting segment", () => {
    const r = additiveDrivers(
      [
        { value: "a", baseline: 100, current: 160 },
        { value: "b", baseline: 100, current: 130 },
        { value: "c", baseline: 100, current: 80 },
        { value: "d", baseline: 100, current: 110 },
      ],
      opts,
    );
    expect(r.totalChange).toBe(80);
    expect(r.topDrivers).toEqual(["a", "b"]);
    expect(r.segments.find((s) => s.dimensionValue === "c")!.isTopDriver).toBe(false);
  });

  it("gives the leading segments, the rest's contribution and the top drivers as the whole list does", () => {
    const noise = gaussian(mulberry32(8));
    const segments = Array.from({ length: 300 }, (_, i) => {
      const baseline = 50 + (i % 17) * 13;
      return { value: `query ${i}`, baseline, current: baseline + 20 * noise() };
    });
    // Read before the list is built, then compared with it.
    const r = additiveDrivers(segments, opts);
    const leading = r.leading(10);
    const rest = r.contributionAfter(10);
    const top = r.topDriverFindings();
    expect(leading).toEqual(r.segments.slice(0, 10));
    expect(rest).toBe(r.segments.slice(10).reduce((s, x) => s + x.contribution, 0));
    expect(top.length).toBeGreaterThan(0);
    expect(top).toEqual(r.segments.filter((s) => s.isTopDriver));
    expect(top.map((s) => s.dimensionValue)).toEqual(r.topDrivers);
  });

  it("leaves out values with none of the metric in either period: they are no part of the change", () => {
    // Ad clicks by campaign beside the analytics' rows: "(direct)" has sessions but no clicks.
    const r = additiveDrivers(
      [
        { value: "(direct)", current: 0, baseline: 0 },
        { value: "Brand", current: 2345, baseline: 2263 },
        { value: "Generic", current: 1781, baseline: 3968 },
        { value: "Remarketing", current: 1220, baseline: 1220 },
      ],
      opts,
    );
    expect(r.leading(8).map((s) => s.dimensionValue)).toEqual(["Generic", "Brand", "Remarketing"]);
    const rate = ratioDrivers(
      [
        { value: "(none)", currentNumerator: 0, currentDenominator: 0, baselineNumerator: 0, baselineDenominator: 0 },
        { value: "A", currentNumerator: 10, currentDenominator: 100, baselineNumerator: 12, baselineDenominator: 100 },
      ],
      opts,
    )!;
    expect(rate.segments.map((s) => s.dimensionValue)).toEqual(["A"]);
  });
});

describe("ratioDrivers", () => {
  it("splits a rate change into mix and performance effects that sum exactly", () => {
    const random = mulberry32(9);
    const segments = Array.from({ length: 25 }, (_, i) => {
      const baselineDenominator = Math.round(500 + 2000 * random());
      const currentDenominator = Math.round(baselineDenominator * (0.7 + 0.6 * random()));
      const rate = 0.01 + 0.05 * random();
      return {
        value: `s${i}`,
        baselineDenominator,
        baselineNumerator: Math.round(baselineDenominator * rate),
        currentDenominator,
        currentNumerator: Math.round(currentDenominator * rate * (0.95 + 0.1 * random())),
      };
    });
    segments.push({
      value: "new",
      baselineDenominator: 0,
      baselineNumerator: 0,
      currentDenominator: 800,
      currentNumerator: 40,
    });
    segments.push({
      value: "gone",
      baselineDenominator: 600,
      baselineNumerator: 6,
      currentDenominator: 0,
      currentNumerator: 0,
    });
    segments[5].currentNumerator = Math.round(segments[5].currentNumerator * 0.2); // planted rate collapse
    const r = ratioDrivers(segments, { ...opts, metric: "conversionRate" })!;
    const n1 = segments.reduce((s, x) => s + x.currentNumerator, 0);
    const d1 = segments.reduce((s, x) => s + x.currentDenominator, 0);
    const n0 = segments.reduce((s, x) => s + x.baselineNumerator, 0);
    const d0 = segments.reduce((s, x) => s + x.baselineDenominator, 0);
    expect(r.totalCurrent).toBeCloseTo(n1 / d1, 15); // recomputed from parts, never averaged
    expect(r.totalChange).toBeCloseTo(n1 / d1 - n0 / d0, 15);
    const sum = r.segments.reduce((s, x) => s + x.mixEffect! + x.performanceEffect!, 0);
    expect(Math.abs(sum - r.totalChange)).toBeLessThan(1e-9);
    for (const s of r.segments)
      expect(Math.abs(s.mixEffect! + s.performanceEffect! - s.contribution)).toBeLessThan(1e-15);
    const planted = r.segments.find((s) => s.dimensionValue === "s5")!;
    expect(planted.performanceEffect!).toBeLessThan(0);
    expect(r.segments.filter((s) => s.direction === "down")[0].dimensionValue).toBe("s5");
  });

  it("attributes a pure mix shift to mix, not performance", () => {
    const r = ratioDrivers(
      [
        {
          value: "high",
          baselineNumerator: 50,
          baselineDenominator: 1000,
          currentNumerator: 100,
          currentDenominator: 2000,
        },
        {
          value: "low",
          baselineNumerator: 10,
          baselineDenominator: 1000,
          currentNumerator: 5,
          currentDenominator: 500,
        },
      ],
      opts,
    )!;
    for (const s of r.segments) expect(s.performanceEffect).toBeCloseTo(0, 15);
    expect(r.totalChange).toBeGreaterThan(0);
    expect(
      ratioDrivers(
        [{ value: "x", baselineNumerator: 1, baselineDenominator: 0, currentNumerator: 1, currentDenominator: 1 }],
        opts,
      ),
    ).toBeNull();
  });
});

describe("Kitagawa split of a ratio's change (reference values)", () => {
  // numpy 1.26 (python3): w = d / Σd, r = n / d, R̄ = (R0 + R1) / 2,
  //   rate = (w0 + w1) / 2 · (r1 − r0), mix = (w1 − w0) · ((r0 + r1) / 2 − R̄)
  const segments = [
    { value: "A", baselineNumerator: 300, baselineDenominator: 10000, currentNumerator: 180, currentDenominator: 9000 },
    { value: "B", baselineNumerator: 50, baselineDenominator: 2000, currentNumerator: 60, currentDenominator: 2600 },
    { value: "C", baselineNumerator: 20, baselineDenominator: 1000, currentNumerator: 25, currentDenominator: 1100 },
  ];
  const RATE = { A: -0.007389460933, B: -0.000344779388, C: 0.000223005341 };
  const MIX = { A: -2.0360987e-5, B: -3.181817e-5, C: -3.1982592e-5 };

  it("matches the reference mix and rate effects, and the contributions sum to the total change", () => {
    const options = {
      metric: "conversionRate",
      dimension: "channel",
      periodStart: "2026-03-01",
      periodEnd: "2026-03-31",
    };
    const a = ratioDrivers(segments, options)!;
    for (const s of a.segments) {
      const key = s.dimensionValue as keyof typeof RATE;
      expect(s.performanceEffect!).toBeCloseTo(RATE[key], 11);
      expect(s.mixEffect!).toBeCloseTo(MIX[key], 11);
    }
    const sum = a.segments.reduce((x, s) => x + s.contribution, 0);
    expect(a.totalChange).toBeCloseTo(-0.0075953967292549975, 14);
    expect(Math.abs(sum - a.totalChange) / Math.abs(a.totalChange)).toBeLessThan(0.005);
  });
});

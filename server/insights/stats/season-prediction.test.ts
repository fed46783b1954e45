import { describe, expect, it } from "vitest";
import { expectedAtBar, seasonPrediction } from "./season-prediction";

// The change's interval: ±100 around a baseline of 1,000 (expectedHigh 1,100); widened by √2 for last year's noise.
const change = (current: number) => ({ current, baseline: 1000, change: current - 1000, expectedHigh: 1100 });

describe("seasonPrediction", () => {
  it("predicts the current total from last year's move between the same periods", () => {
    const p = seasonPrediction(change(1200), { current: 2400, baseline: 2000 })!;
    expect(p.expectedCurrent).toBeCloseTo(1200, 9);
    expect(p.lastYearChangePct).toBeCloseTo(0.2, 12);
    expect(p.expected).toBe(true);
  });

  it("calls a change expected within √2 times its own interval of the prediction, and not beyond", () => {
    // 141.4 is the widened half-width.
    expect(seasonPrediction(change(1200 + 140), { current: 2400, baseline: 2000 })!.expected).toBe(true);
    expect(seasonPrediction(change(1200 + 143), { current: 2400, baseline: 2000 })!.expected).toBe(false);
    // A rise that fell short of the season's: +5 % where the same weeks last year rose 20 %.
    const short = seasonPrediction(change(1050), { current: 2400, baseline: 2000 })!;
    expect(short.expected).toBe(false);
    expect(1050 - short.expectedCurrent).toBeCloseTo(-150, 9);
  });

  it("gives the part beyond the prediction a p-value on the widened interval's standard error", () => {
    // The widened half-width 141.42 at 95 % is 1.96 standard errors of 72.16: 143 beyond is z = 1.98, and 300 beyond
    // z = 4.16 (R: 2 * pnorm(-143 / (100 * sqrt(2) / qnorm(0.975))) = 0.0475, and 3.2e-5 for 300).
    expect(seasonPrediction(change(1200 + 143), { current: 2400, baseline: 2000 })!.pValue).toBeCloseTo(0.0475, 4);
    expect(seasonPrediction(change(1200 + 300), { current: 2400, baseline: 2000 })!.pValue).toBeCloseTo(3.2e-5, 6);
    expect(seasonPrediction(change(1200), { current: 2400, baseline: 2000 })!.pValue).toBe(1);
  });

  it("reads a change beyond the season by less than a report's bar as expected, and by more as news", () => {
    const beyond = seasonPrediction(change(1200 + 143), { current: 2400, baseline: 2000 })!;
    expect(beyond.expected).toBe(false);
    // A report whose news is held to p ≤ 10⁻⁴: 143 beyond the season (p = 0.0475) is within what the season predicts.
    expect(expectedAtBar(beyond, 1e-4).expected).toBe(true);
    expect(expectedAtBar(beyond, 0.05)).toBe(beyond);
    const far = seasonPrediction(change(1200 + 300), { current: 2400, baseline: 2000 })!;
    // 300 beyond (p = 3.2·10⁻⁵) is news at that bar, and within what the season predicts at 10⁻⁵.
    expect(expectedAtBar(far, 1e-4).expected).toBe(false);
    expect(expectedAtBar(far, 1e-5).expected).toBe(true);
  });

  it("says nothing without both of last year's totals, or with one that is not positive", () => {
    expect(seasonPrediction(change(1200), { current: null, baseline: 2000 })).toBeNull();
    expect(seasonPrediction(change(1200), { current: 2400, baseline: 0 })).toBeNull();
    expect(seasonPrediction({ ...change(1200), current: null }, { current: 2400, baseline: 2000 })).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { seasonPrediction } from "./season-prediction";

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

  it("says nothing without both of last year's totals, or with one that is not positive", () => {
    expect(seasonPrediction(change(1200), { current: null, baseline: 2000 })).toBeNull();
    expect(seasonPrediction(change(1200), { current: 2400, baseline: 0 })).toBeNull();
    expect(seasonPrediction({ ...change(1200), current: null }, { current: 2400, baseline: 2000 })).toBeNull();
  });
});

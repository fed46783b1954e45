import { describe, expect, it } from "vitest";
import { addDays, dayOfWeek } from "@/lib/dates";
import { trendRate } from "./trend-rate";

const WEEKLY = [0.7, 1.1, 1.15, 1.1, 1.05, 1.0, 0.75]; // Sunday … Saturday

describe("trendRate", () => {
  it("matches numpy/scipy: log-linear OLS with weekday terms, rate per week and its 95 % interval", () => {
    // Reference (numpy 2, scipy 1.x): X = [1, t, weekday dummies], beta = lstsq(X, log y);
    // se = sqrt(rss/df · inv(XᵀX)[1,1]) · sqrt((1+ρ)/(1−ρ)), ρ = lag-1 residual autocorrelation
    // clipped to [0, 0.9] (here 0); rate = expm1(7·b); interval expm1(7·(b ± t.ppf(0.975, df)·se)).
    const series = Array.from({ length: 35 }, (_, i) => {
      const date = addDays("2026-03-01", i);
      return { date, value: 100 * Math.exp(0.01 * i) * WEEKLY[dayOfWeek(date)] * (1 + 0.05 * Math.sin(1.7 * i)) };
    });
    const r = trendRate(series, { metric: "sessions", periodStart: "2026-03-01", periodEnd: "2026-04-04" })!;
    expect(r.slope).toBeCloseTo(0.009812564058167265, 10);
    expect(r.slopeSe).toBeCloseTo(0.0005385303568884797, 10);
    expect(r.rate).toBeCloseTo(0.07110191793343235, 9);
    expect(r.rateLow).toBeCloseTo(0.06284910500411951, 6);
    expect(r.rateHigh).toBeCloseTo(0.07941881232165181, 6);
    expect(r.rateUnit).toBe("week");
    expect(r.direction).toBe("up");
  });

  it("states long periods per month and needs three weeks of positive days", () => {
    const flat = Array.from({ length: 120 }, (_, i) => ({ date: addDays("2026-01-01", i), value: 50 + (i % 3) }));
    expect(trendRate(flat, { metric: "sessions", periodStart: "2026-01-01", periodEnd: "2026-04-30" })!.rateUnit).toBe(
      "month",
    );
    expect(
      trendRate(flat.slice(0, 20), { metric: "sessions", periodStart: "2026-01-01", periodEnd: "2026-01-20" }),
    ).toBe(null);
  });
  it("reads the growth beyond a level shift: a series that stepped down once is not declining week after week", () => {
    // 30 days flat at 1,000 with the weekly pattern and noise, stepping down by 11 % on day 15.
    const series = Array.from({ length: 30 }, (_, i) => {
      const date = addDays("2026-03-01", i);
      const level = i >= 15 ? 890 : 1000;
      return { date, value: level * WEEKLY[dayOfWeek(date)] * (1 + 0.03 * Math.sin(2.3 * i)) };
    });
    const options = { metric: "sessions", periodStart: "2026-03-01", periodEnd: "2026-03-30" };
    const plain = trendRate(series, options)!;
    expect(plain.rate).toBeLessThan(-0.03);
    expect(plain.pValue).toBeLessThan(0.001);
    const beyond = trendRate(series, { ...options, steps: ["2026-03-16"] })!;
    expect(Math.abs(beyond.rate)).toBeLessThan(0.01);
    expect(beyond.pValue).toBeGreaterThan(0.05);
  });
});

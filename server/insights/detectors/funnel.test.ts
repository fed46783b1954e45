import { describe, expect, it } from "vitest";
import { analyzeFunnel } from "./funnel";

const opts = { periodStart: "2026-03-01", periodEnd: "2026-03-31" };

describe("analyzeFunnel", () => {
  it("computes step rates and flags the step that changed", () => {
    const steps = analyzeFunnel(
      [
        { metric: "impressions", current: 1_000_000, baseline: 1_000_000 },
        { metric: "clicks", current: 30_000, baseline: 30_100 },
        { metric: "sessions", current: 27_000, baseline: 27_100 },
        { metric: "conversions", current: 400, baseline: 540 },
      ],
      opts,
    );
    expect(steps.map((s) => `${s.fromMetric}>${s.metric}`)).toEqual([
      "impressions>clicks",
      "clicks>sessions",
      "sessions>conversions",
    ]);
    expect(steps[2].current).toBeCloseTo(400 / 27_000, 15);
    expect(steps[2].baseline).toBeCloseTo(540 / 27_100, 15);
    expect(steps[2].significant).toBe(true);
    expect(steps[2].direction).toBe("down");
    expect(steps[0].significant).toBe(false);
    expect(steps[1].significant).toBe(false);
    expect(steps[2].test).toBe("two_proportion");
  });

  it("matches the textbook two-proportion z-test", () => {
    // 120/1000 vs 90/1000: pooled p = 0.105, z = 0.03 / sqrt(0.105·0.895·0.002) = 2.1883
    const [step] = analyzeFunnel(
      [
        { metric: "sessions", current: 1000, baseline: 1000 },
        { metric: "conversions", current: 120, baseline: 90 },
      ],
      opts,
    );
    expect(step.pValue).toBeCloseTo(0.02865, 4);
  });

  it("widens the test by day-level overdispersion", () => {
    const days = 28;
    const sessions = Array.from({ length: days }, () => 10_000);
    const wobbly = Array.from({ length: days }, (_, i) => (i % 2 ? 230 : 170)); // far beyond binomial noise
    const steady = Array.from({ length: days }, () => 190);
    const stages = (conv: number[]) => [
      { metric: "sessions", current: 280_000, baseline: 280_000, currentDaily: sessions, baselineDaily: sessions },
      { metric: "conversions", current: 5_600, baseline: 5_320, currentDaily: conv, baselineDaily: steady },
    ];
    const [plain] = analyzeFunnel(
      stages(steady).map(({ currentDaily, baselineDaily, ...s }) => (void currentDaily, void baselineDaily, s)),
      opts,
    );
    const [dispersed] = analyzeFunnel(stages(wobbly), opts);
    expect(plain.significant).toBe(true);
    expect(dispersed.dispersion).toBeGreaterThan(4);
    expect(dispersed.pValue!).toBeGreaterThan(plain.pValue!);
  });

  it("uses a Poisson rate test when a step exceeds 1 (several events per session)", () => {
    const [step] = analyzeFunnel(
      [
        { metric: "sessions", current: 1000, baseline: 1000 },
        { metric: "pageviews", current: 3500, baseline: 3000 },
      ],
      opts,
    );
    expect(step.test).toBe("poisson_rate");
    expect(step.significant).toBe(true);
  });
});

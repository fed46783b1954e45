import { describe, expect, it } from "vitest";
import { PART_INDEX, PARTS, type PartValues } from "../../data/parts";
import type { SegmentDailySeries } from "../../data/segment-daily";
import { addDays } from "@/lib/dates";
import { mixAndRate } from "./mix-rate";

function segment(days: number, shiftAt: number): SegmentDailySeries {
  const map = new Map<string, PartValues>();
  for (let i = 0; i < days; i++) {
    const v: PartValues = PARTS.map(() => null);
    v[PART_INDEX.sessions] = i < shiftAt ? 1000 : 900;
    v[PART_INDEX.conversions] = i < shiftAt ? 30 : 20;
    map.set(addDays("2026-03-01", i), v);
  }
  return { sourceId: "s", dimension: "channel", value: "Paid Search", days: map };
}

describe("mixAndRate", () => {
  it("splits an outcome's change exactly into traffic ((S₁ − S₀)·r₀) and rate (S₁·(r₁ − r₀))", () => {
    const s = segment(50, 30);
    const split = mixAndRate(s, "conversions", { date: "2026-03-31", change: -10 }, "2026-04-19", new Set())!;
    expect(split.volumeMetric).toBe("sessions");
    expect(split.volumeEffect).toBeCloseTo(-3, 10); // 100 fewer sessions at 3 %
    expect(split.rateEffect).toBeCloseTo(-7, 10); // 900 sessions at 2.22 % instead of 3 %
    expect(split.volumeEffect + split.rateEffect).toBeCloseTo(-10, 10);
    expect(split.rateBefore).toBeCloseTo(0.03, 12);
    expect(split.volumeChangePct).toBeCloseTo(-0.1, 12);
  });

  it("scales the parts to the finding's own change and skips traffic metrics", () => {
    const s = segment(50, 30);
    const split = mixAndRate(s, "conversions", { date: "2026-03-31", change: -5 }, "2026-04-19", new Set())!;
    expect(split.volumeEffect + split.rateEffect).toBeCloseTo(-5, 10);
    expect(split.volumeEffect / split.rateEffect).toBeCloseTo(3 / 7, 10);
    expect(mixAndRate(s, "sessions", { date: "2026-03-31", change: -100 }, "2026-04-19", new Set())).toBeNull();
  });
});

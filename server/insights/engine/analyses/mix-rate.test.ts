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

  it("compares a day with the same weekday before it: a busy weekday's usual traffic is not a rise", () => {
    // Weekdays twice the weekend's sessions at 3 %; on one Wednesday the rate doubles, traffic as usual.
    const map = new Map<string, PartValues>();
    const day = "2026-03-25"; // a Wednesday
    for (let i = 0; i < 40; i++) {
      const date = addDays("2026-02-20", i);
      const weekend = [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());
      const v: PartValues = PARTS.map(() => null);
      v[PART_INDEX.sessions] = weekend ? 500 : 1000;
      v[PART_INDEX.conversions] = (weekend ? 15 : 30) * (date === day ? 2 : 1);
      map.set(date, v);
    }
    const s: SegmentDailySeries = { sourceId: "s", dimension: "channel", value: "Email", days: map };
    const split = mixAndRate(s, "conversions", { date: day, change: 30 }, day, new Set())!;
    expect(split.volumeChangePct).toBeCloseTo(0, 12);
    expect(split.volumeEffect).toBeCloseTo(0, 10);
    expect(split.rateEffect).toBeCloseTo(30, 10);
    expect(split.rateBefore).toBeCloseTo(0.03, 12);
  });

  it("splits revenue with its orders into traffic, the conversion rate and the order value, exactly", () => {
    // 1,000 sessions, 30 orders at €60 a day; from the shift 900 sessions, 27 orders at €60, plus one order of €3,000.
    const map = new Map<string, PartValues>();
    for (let i = 0; i < 50; i++) {
      const after = i >= 30;
      const v: PartValues = PARTS.map(() => null);
      v[PART_INDEX.sessions] = after ? 900 : 1000;
      v[PART_INDEX.transactions] = after ? 28 : 30;
      v[PART_INDEX.revenue] = after ? 27 * 60 + 3000 : 1800;
      map.set(addDays("2026-03-01", i), v);
    }
    const s: SegmentDailySeries = { sourceId: "s", dimension: "channel", value: "Direct", days: map };
    const split = mixAndRate(s, "revenue", { date: "2026-03-31", change: 2820 }, "2026-04-19", new Set())!;
    expect(split.volumeEffect).toBeCloseTo(-180, 9); // 100 fewer sessions at €1.80 each
    expect(split.rateBefore).toBeCloseTo(0.03, 12); // orders per session, not revenue per session
    expect(split.rateAfter).toBeCloseTo(28 / 900, 12);
    expect(split.rateEffect).toBeCloseTo((28 - 27) * 60, 9); // one more order than 3 % of 900, at €60
    expect(split.valueBefore).toBeCloseTo(60, 12);
    expect(split.valueAfter).toBeCloseTo(4620 / 28, 9);
    expect(split.valueEffect).toBeCloseTo(4620 - 28 * 60, 9);
    expect(split.volumeEffect + split.rateEffect + split.valueEffect!).toBeCloseTo(2820, 9);
  });

  it("splits a query's clicks into its impressions and its click-through rate", () => {
    // A query shown as often as before whose click-through rate halved (a search feature above it): the drop is the
    // rate's, not the impressions'. Without impressions (an analytics segment's clicks) there is nothing to split.
    const map = new Map<string, PartValues>();
    for (let i = 0; i < 50; i++) {
      const v: PartValues = PARTS.map(() => null);
      v[PART_INDEX.impressions] = 2_000;
      v[PART_INDEX.clicks] = i < 30 ? 80 : 40;
      map.set(addDays("2026-03-01", i), v);
    }
    const query: SegmentDailySeries = { sourceId: "gsc", dimension: "query", value: "buy sneakers", days: map };
    const split = mixAndRate(query, "clicks", { date: "2026-03-31", change: -40 }, "2026-04-19", new Set())!;
    expect(split.volumeMetric).toBe("impressions");
    expect(split.volumeEffect).toBeCloseTo(0, 10);
    expect(split.rateEffect).toBeCloseTo(-40, 10);
    expect(split.rateBefore).toBeCloseTo(0.04, 12);
    expect(split.rateAfter).toBeCloseTo(0.02, 12);
    const s = segment(50, 30);
    expect(mixAndRate(s, "clicks", { date: "2026-03-31", change: -10 }, "2026-04-19", new Set())).toBeNull();
  });

  it("splits an ad's cost into its clicks and its cost per click", () => {
    // The same 500 clicks a day at €1.50 instead of €0.90: the rise is the price of each click.
    const map = new Map<string, PartValues>();
    for (let i = 0; i < 50; i++) {
      const v: PartValues = PARTS.map(() => null);
      v[PART_INDEX.clicks] = 500;
      v[PART_INDEX.cost] = i < 30 ? 450 : 750;
      map.set(addDays("2026-03-01", i), v);
    }
    const campaign: SegmentDailySeries = { sourceId: "ads", dimension: "campaign", value: "Generic", days: map };
    const split = mixAndRate(campaign, "cost", { date: "2026-03-31", change: 300 }, "2026-04-19", new Set())!;
    expect(split.volumeMetric).toBe("clicks");
    expect(split.volumeEffect).toBeCloseTo(0, 10);
    expect(split.rateEffect).toBeCloseTo(300, 10);
    expect(split.rateBefore).toBeCloseTo(0.9, 12);
    expect(split.rateAfter).toBeCloseTo(1.5, 12);
  });
});

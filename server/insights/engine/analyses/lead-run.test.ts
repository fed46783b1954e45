import { describe, expect, it } from "vitest";
import type { Finding } from "../../types";
import type { IntentionOutcome } from "../types";
import { leadRun, segmentWatchChart, takeLeadEffect } from "./segment-watch";

// An unusual-days insight led by one of several days in a row (a week's promotion, five days of a spent budget) carries
// the days' effect together and marks each of them on its chart, as its headline and summary tell them together.

const day = (date: string, kpiEffect: number, over: Partial<Finding> = {}): Finding =>
  ({
    kind: "anomaly",
    metric: "sessions",
    dimension: "channel",
    dimensionValue: "Paid Search",
    periodStart: date,
    periodEnd: date,
    date,
    current: 240,
    baseline: 470,
    change: -230,
    changePct: -0.49,
    expectedLow: 430,
    expectedHigh: 510,
    confidence: 0.95,
    direction: "down",
    pValue: 1e-6,
    sourceId: "s1",
    kpiEffect,
    ...over,
  }) as Finding;

describe("a lead day and its days in a row", () => {
  // In order of effect, as the engine lists them: the lead, then its run's other days, another channel's day, and a
  // day of the lead's channel two days after the run.
  const findings = [
    day("2026-11-06", -507),
    day("2026-11-05", -430),
    day("2026-11-07", -390),
    day("2026-11-06", -300, { dimensionValue: "Email" }),
    day("2026-11-09", -200),
    day("2026-11-08", -100, { direction: "up" }),
  ];

  it("takes the days of the lead's series, its way, next to it and to each other", () => {
    expect(leadRun(findings).map((f) => f.periodStart)).toEqual(["2026-11-05", "2026-11-06", "2026-11-07"]);
    expect(leadRun([findings[4]])).toEqual([findings[4]]);
  });

  it("gives the insight the run's effect together, and marks each of its days", () => {
    const chart = {
      type: "series" as const,
      metric: "sessions",
      unit: "count" as const,
      points: [],
      marks: [{ date: "2026-11-06", kind: "drop" as const }],
    };
    const lead = Object.assign(findings[0], { series: chart });
    const outcome = { findings: [lead, ...findings.slice(1)], kpiEffect: 0, indirectEffect: 0 } as unknown;
    takeLeadEffect(outcome as IntentionOutcome);
    expect((outcome as IntentionOutcome).kpiEffect).toBe(-507 - 430 - 390);
    const marked = segmentWatchChart((outcome as IntentionOutcome).findings);
    expect(marked?.type === "series" && marked.marks?.map((m) => m.date)).toEqual([
      "2026-11-05",
      "2026-11-06",
      "2026-11-07",
    ]);
  });
});

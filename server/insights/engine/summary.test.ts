import { describe, expect, it } from "vitest";
import { isSeasonallyExpected } from "@/lib/insights/season";
import { generateProject } from "../synthetic/generate-project";
import type { Finding } from "../types";
import { runEngine } from "./run-engine";
import { narrate } from "./summary";
import type { IntentionOutcome } from "./types";

// A summary tells the news first and what the season predicted after it; a driver segment belongs to the total it
// breaks down. Seed 5 is a season: every channel's traffic fell about 10 % this March and the same weeks a year ago.

describe("an insight's summary", () => {
  it("states a change the season predicted before the segments that make it up", () => {
    const { input, event } = generateProject(5, true);
    expect(event!.kind).toBe("seasonal");
    const insight = runEngine(input).insights.find((i) => i.intentionKey === "sessions_by_channel")!;
    const findings = insight.findings as (Finding & { kind: string })[];
    expect(findings[0].kind).toBe("change");
    expect(isSeasonallyExpected(findings[0])).toBe(true);
    expect(findings.slice(1).every((f) => f.kind === "driver")).toBe(true);
    expect(insight.summary).toMatch(/^Sessions fell to [\d,]+ .* Expected for the season: .* Channel “/);
  });

  it("says a segment's event's effect on the KPI once, on its first metric", () => {
    // A paused campaign: its clicks and impressions stopped the same day, and its revenue the day after.
    const stop = (metric: string, baseline: number, date: string, kpiEffect: number) => ({
      kind: "level_shift",
      metric,
      dimension: "campaign",
      dimensionValue: "PMax - Shopping",
      periodStart: date,
      periodEnd: "2026-11-20",
      date,
      baseline,
      current: 0,
      change: -baseline,
      changePct: -1,
      direction: "down",
      confidence: 0.95,
      pValue: 1e-9,
      kpiEffect,
      kpiMetric: "revenue",
    });
    const outcome = {
      intention: { analysis: { type: "segments" } },
      findings: [
        stop("clicks", 402, "2026-11-11", -7260.15),
        stop("impressions", 4821, "2026-11-11", -7260.15),
        stop("revenue", 700.11, "2026-11-12", -6652.45),
        // Another campaign's stop that day is an event of its own.
        { ...stop("clicks", 150, "2026-11-11", -900), dimensionValue: "YouTube - Awareness" },
      ],
    } as unknown as IntentionOutcome;
    const { findings, summary } = narrate(outcome, { currency: "EUR" });
    expect(summary.match(/Estimated effect over the period/g)).toHaveLength(2);
    expect(findings[0].narrative).toMatch(/Estimated effect over the period: -€7,260\.15 revenue\.$/);
    expect(findings[1].narrative).not.toMatch(/Estimated effect/);
    expect(findings[2].narrative).not.toMatch(/Estimated effect/);
    expect(findings[3].narrative).toMatch(/Estimated effect over the period: -€900\.00 revenue\.$/);
  });
});

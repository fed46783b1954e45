import { describe, expect, it } from "vitest";
import type { Finding } from "../types";
import { explainTotalsBySegments } from "./explain-by-segment";
import type { EngineContext, IntentionOutcome } from "./types";

// A total's unusual day is explained only by a segment's finding of that same day (run-engine.test.ts
// checks the positive case on a generated project); period comparisons by their KPI effects.

/** Every metric of the total read from source "analytics". */
const ctx = { segmentDaily: { series: [] }, data: { sourceFor: () => "analytics" } } as unknown as EngineContext;
const finding = (f: Record<string, unknown>) =>
  ({ metric: "sessions", dimension: null, dimensionValue: null, pValue: 0.001, ...f }) as Finding;
/** A segment's level shift on another day than the total's anomaly, with a larger KPI effect. */
const segmentOutcome = (sourceId = "analytics", changePct = -0.5) =>
  ({
    intention: { stage: "acquisition", analysis: { type: "segments" } },
    localised: true,
    findings: [
      finding({
        kind: "level_shift",
        dimension: "device",
        dimensionValue: "tablet",
        periodStart: "2026-10-24",
        date: "2026-10-24",
        change: -500,
        changePct,
        kpiEffect: 900,
        sourceId,
      }),
    ],
    kpiEffect: 900,
  }) as unknown as IntentionOutcome;
const totalOutcome = (type: string, kind: string, metric = "sessions") =>
  ({
    intention: { stage: "acquisition", analysis: { type } },
    findings: [
      finding({
        kind,
        metric,
        periodStart: "2026-11-22",
        date: "2026-11-22",
        change: -1_000,
        changePct: -0.1,
        direction: "down",
      }),
    ],
    kpiEffect: 1_000,
  }) as unknown as IntentionOutcome;
const explained = (o: IntentionOutcome) => (o.findings[0] as Finding & { explainedBy?: unknown }).explainedBy;

describe("explainTotalsBySegments", () => {
  it("does not name a segment for a total's day when no segment moved that day", () => {
    const day = totalOutcome("anomalies", "anomaly");
    explainTotalsBySegments(ctx, [segmentOutcome(), day]);
    expect(explained(day)).toBeUndefined();
    expect(day.explainedBy).toBeUndefined();
  });

  it("names the segment whose effect makes up a period comparison's", () => {
    const change = totalOutcome("change", "change");
    explainTotalsBySegments(ctx, [segmentOutcome(), change]);
    expect(explained(change)).toMatchObject({ dimension: "device", dimensionValue: "tablet" });
  });

  it("leaves the sentence out of a breakdown that lists the segment's part itself, and ranks it under the segment", () => {
    // "97% of the drop came from Country “Germany”" beside "Country “Germany” contributed … 103.8% of the total
    // change": two measures of one part in one insight.
    const segment = segmentOutcome();
    const breakdown = totalOutcome("drivers", "change");
    breakdown.findings.push(
      finding({ kind: "driver", dimension: "device", dimensionValue: "tablet", change: -1_030, direction: "down" }),
    );
    explainTotalsBySegments(ctx, [segment, breakdown]);
    expect(explained(breakdown)).toBeUndefined();
    expect(breakdown.explainedBy).toBe(segment);
    // Broken down by another dimension, the sentence names where the change came from.
    const byChannel = totalOutcome("drivers", "change");
    byChannel.findings.push(
      finding({ kind: "driver", dimension: "channel", dimensionValue: "Direct", change: -1_000, direction: "down" }),
    );
    explainTotalsBySegments(ctx, [segmentOutcome(), byChannel]);
    expect(explained(byChannel)).toMatchObject({ dimension: "device", dimensionValue: "tablet" });
  });

  it("does not name a segment that moved only as much as the total, relatively", () => {
    // A segment with most of the traffic carries most of any site-wide change: no explanation.
    const change = totalOutcome("change", "change");
    explainTotalsBySegments(ctx, [segmentOutcome("analytics", -0.12), change]);
    expect(explained(change)).toBeUndefined();
  });

  it("does not credit a total's change to another source's segment", () => {
    // The total's sessions are the analytics source's; a segment of another source that lost as
    // many is not where the analytics total's drop came from.
    const change = totalOutcome("change", "change");
    explainTotalsBySegments(ctx, [segmentOutcome("ads"), change]);
    expect(explained(change)).toBeUndefined();
    expect(change.explainedBy).toBeUndefined();
  });

  it("does not credit a rate's change, or another metric's, to a segment by KPI effect", () => {
    // A Search Console query's clicks shift carried most of the engaged sessions lost, and the
    // engagement rate's fall (Email's, by its drivers) read "100% of the drop came from Query …".
    for (const metric of ["engagementRate", "engagedSessions"]) {
      const change = totalOutcome("change", "change", metric);
      explainTotalsBySegments(ctx, [segmentOutcome(), change]);
      expect(explained(change)).toBeUndefined();
      expect(change.explainedBy).toBeUndefined();
    }
  });
});

import { describe, expect, it } from "vitest";
import { headlineFinding } from "./export-format";
import type { ExportFinding, ExportInsight } from "./export-model";

// The exports' headline numbers are the card's: for the segment watch, the finding with the largest
// effect on the KPI (the engine's order), not the one with the largest percentage.

const shift = (dimensionValue: string, changePct: number, kpiEffect: number) =>
  ({
    kind: "level_shift",
    metric: "sessions",
    dimension: "channel",
    dimensionValue,
    periodStart: "2026-11-10",
    periodEnd: "2026-11-25",
    current: 1,
    baseline: 1,
    change: 1,
    changePct,
    expectedLow: null,
    expectedHigh: null,
    confidence: 0.95,
    direction: "down",
    kpiEffect,
  }) as unknown as ExportFinding;

describe("headlineFinding", () => {
  it("leads with the segment finding the card leads with", () => {
    const insight = {
      findings: [shift("Organic Search", -0.099, -4510), shift("Query", -0.678, -1983)],
    } as unknown as ExportInsight;
    expect(headlineFinding(insight)?.dimensionValue).toBe("Organic Search");
  });

  it("leads with the total's change before its drivers", () => {
    const total = { ...shift("", -0.087, 0), kind: "change", dimension: null, dimensionValue: null };
    const driver = { ...shift("winter hiking guide", -0.35, 0), kind: "driver", dimension: "query" };
    expect(headlineFinding({ findings: [driver, total] } as unknown as ExportInsight)?.kind).toBe("change");
  });
});

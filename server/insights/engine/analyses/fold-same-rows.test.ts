import { describe, expect, it } from "vitest";
import { describeFinding } from "../../narrative";
import { foldSameRows, type SegmentAnomaly } from "./segment-watch";

// One newsletter's traffic is Channel “Email”, Source “newsletter” and Medium “email”: the segment watch
// finds its unusual day three times, with the same numbers. The report says it once.

const day = (dimension: string, dimensionValue: string, actual: number, expected: number): SegmentAnomaly => ({
  kind: "anomaly",
  metric: "revenue",
  dimension,
  dimensionValue,
  periodStart: "2026-11-13",
  periodEnd: "2026-11-13",
  date: "2026-11-13",
  current: actual,
  actual,
  baseline: expected,
  expected,
  change: actual - expected,
  changePct: (actual - expected) / expected,
  expectedLow: expected * 0.2,
  expectedHigh: expected * 1.9,
  confidence: 0.95,
  direction: "up",
  score: 8.1,
  pValue: 1.9e-10,
  sourceId: "analytics",
  kpiEffect: actual - expected,
  kpiMetric: "revenue",
  indirectEffect: 0,
});

describe("foldSameRows", () => {
  it("says an event seen through several dimensions once, naming the others", () => {
    const findings = foldSameRows([
      day("channel", "Email", 3334.08, 744.18),
      day("source", "newsletter", 3334.08, 744.18),
      day("medium", "email", 3334.08, 744.18),
      // Another segment of the same day with other numbers is another finding.
      day("landingPage", "/collections/sale", 3167.77, 713.95),
    ]);
    expect(findings.map((f) => f.dimensionValue)).toEqual(["Email", "/collections/sale"]);
    expect(describeFinding(findings[0], { currency: "USD" })).toMatch(
      new RegExp(
        "^Revenue for Channel “Email” \\(the same traffic as Source “newsletter” and Medium “email”\\) " +
          "on Nov 13, 2026 was \\$3,334\\.08",
      ),
    );
    expect(describeFinding(findings[1], { currency: "USD" })).not.toMatch(/same traffic/);
  });

  it("keeps findings of one dimension, and of other days or directions, apart", () => {
    const other = { ...day("source", "newsletter", 3334.08, 744.18), periodStart: "2026-11-14" };
    const findings = foldSameRows([
      day("channel", "Email", 3334.08, 744.18),
      day("channel", "Display", 3334.08, 744.18),
      other,
    ]);
    expect(findings).toHaveLength(3);
  });
});

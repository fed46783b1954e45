import { describe, expect, it } from "vitest";
import { describeFinding } from "@/lib/insights/narrate/sentences";
import { foldSameEvent, foldSameRows, type SegmentAnomaly, type SegmentShift } from "./segment-watch";

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

describe("foldSameEvent", () => {
  // A campaign's cost rose by £407 a day; its medium and its source rose by about as much the same day (they hold it
  // and a little else), and mobile, which holds part of it, by less.
  const shift = (dimension: string, dimensionValue: string, before: number, after: number): SegmentShift => ({
    kind: "level_shift",
    metric: "cost",
    dimension,
    dimensionValue,
    periodStart: "2026-10-18",
    periodEnd: "2026-10-31",
    date: "2026-10-18",
    current: after,
    baseline: before,
    change: after - before,
    changePct: (after - before) / before,
    expectedLow: null,
    expectedHigh: null,
    confidence: 0.95,
    direction: after > before ? "up" : "down",
    score: 9,
    pValue: 1e-20,
    effectSize: 5,
    sourceId: "ads",
    kpiEffect: 0,
    kpiMetric: "leads",
    indirectEffect: (after - before) / 5000,
  });

  it("leads with the most specific segment and names the wider ones that moved by as much", () => {
    const findings = foldSameEvent([
      shift("medium", "cpc", 1157.72, 1569.08),
      shift("campaign", "Emergency Plumber", 670.79, 1077.58),
      shift("source", "google", 1089.76, 1492.7),
      shift("device", "mobile", 676.05, 897.95),
    ]);
    expect(findings.map((f) => f.dimensionValue)).toEqual(["Emergency Plumber", "mobile"]);
    expect(findings[0].sameEventAs?.map((s) => s.dimensionValue)).toEqual(["cpc", "google"]);
    expect(findings[1].sameEventAs).toBeUndefined();
    expect(describeFinding(findings[0], { currency: "GBP" })).toBe(
      "Cost for Campaign “Emergency Plumber” shifted from about £670.79 to £1,077.58 a day on Oct 18, 2026 (+60.6%), " +
        "5.0 times the day-to-day noise. Medium “cpc” (+£411.36 a day) and Source “google” (+£402.94 a day) moved by " +
        "about as much the same day: most likely this change, seen in wider segments.",
    );
  });

  it("keeps changes of other sizes, days, directions and the same dimension apart", () => {
    const later = { ...shift("source", "google", 1089.76, 1492.7), periodStart: "2026-10-20", date: "2026-10-20" };
    const findings = foldSameEvent([
      shift("campaign", "Emergency Plumber", 670.79, 1077.58),
      shift("campaign", "Boiler Repair", 300, 707),
      shift("device", "desktop", 503.96, 677.74),
      shift("medium", "paid_social", 1400, 993),
      later,
    ]);
    expect(findings).toHaveLength(5);
    for (const f of findings) expect(f.sameEventAs).toBeUndefined();
  });
});

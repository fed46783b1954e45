import { describe, expect, it } from "vitest";
import { formatKpiEffect } from "@/lib/insights/format-values";
import { byImpact, findingDays, headlineFinding, kpiEffectOf, unitOf } from "./export-format";
import { evidenceTable, headlineLines, periodText } from "./pptx/evidence-rows";
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

describe("the days a finding covers", () => {
  it("runs a level shift from its date to the period's end, and keeps an unusual day to its day", () => {
    const lasting = { ...shift("Paid Search", -0.68, -1.4), date: "2026-11-10" } as ExportFinding;
    expect(findingDays(lasting)).toEqual({ start: "2026-11-10", end: "2026-11-25" });
    expect(periodText(lasting)).toMatch(/^Nov 10, 2026 .+ Nov 25, 2026$/);
    const day = { ...lasting, kind: "anomaly", periodStart: "2026-11-07", periodEnd: "2026-11-07", date: "2026-11-07" };
    expect(findingDays(day as ExportFinding)).toEqual({ start: "2026-11-07", end: "2026-11-07" });
    expect(periodText(day as ExportFinding)).toBe("Nov 7, 2026");
  });

  it("names the weekdays a step of some weekdays is of: its levels are theirs, not the week's", () => {
    const weekends = { ...shift("Paid Search", -0.9, -3728), date: "2026-10-31", weekdays: [6, 0] } as ExportFinding;
    expect(periodText(weekends)).toMatch(/^Oct 31, 2026 .+ Nov 25, 2026, on Saturdays and Sundays$/);
    const workdays = { ...weekends, weekdays: [5, 1, 3, 2, 4] } as ExportFinding;
    expect(periodText(workdays)).toMatch(/, on weekdays \(Monday to Friday\)$/);
    expect(evidenceTable([weekends], "EUR").rows[0][3]).toBe(periodText(weekends));
  });
});

describe("the exports' summary and audit rows", () => {
  const insight = (title: string, group: string, impact: number, kpiEffect: number | null = null) =>
    ({ title, group, impact, rank: 1, kpiEffect, kpiMetric: kpiEffect === null ? null : "dealsWon" }) as ExportInsight;

  it("puts the data quality audit after the insights, without a KPI effect", () => {
    const audit = insight("Ads clicks versus visits", "data_quality", 0.5);
    const order = byImpact([insight("Cost per conversion", "most_impactful", 0.06), audit]);
    expect(order.map((i) => i.title)).toEqual(["Cost per conversion", "Ads clicks versus visits"]);
    expect(kpiEffectOf(audit)).toBeNull();
  });

  it("shows the effect on the KPI in the KPI's unit, and none where the insight only ranks by its change", () => {
    // A fall in ad spend ranks by a quarter of its relative change: a weight, not deals won.
    expect(kpiEffectOf(insight("Ad spend", "most_impactful", 0.077))).toBeNull();
    const clicks = kpiEffectOf(insight("Ad clicks", "most_impactful", 0.048, -1.06));
    expect(clicks).toEqual({ effect: -1.06, metric: "dealsWon" });
    expect(formatKpiEffect(clicks!.effect, clicks!.metric)).toBe("−1.1 deals won");
    expect(formatKpiEffect(1, "dealsWon")).toBe("+1 deal won");
    expect(formatKpiEffect(-12.4, "leads")).toBe("−12 leads");
    expect(formatKpiEffect(-9037.04, "revenue", "EUR")).toBe("−€9,037.04 revenue");
    expect(formatKpiEffect(0.02, "leads")).toBe("–");
  });

  it("writes an audit in words, not its codes", () => {
    const audit = {
      kind: "audit",
      check: "ads_clicks_vs_sessions",
      issue: "sessions_above_clicks",
      severity: "medium",
      metric: "sessions",
      dimension: null,
      dimensionValue: null,
      periodStart: "2026-10-27",
      periodEnd: "2026-11-25",
      current: 20_803,
      baseline: 17_250,
      change: 3_553,
      changePct: 3_553 / 17_250,
      count: 1,
    } as unknown as ExportFinding;
    expect(evidenceTable([audit], "EUR").rows[0].slice(0, 2)).toEqual([
      "Ads clicks and paid sessions disagree",
      "Sessions above clicks",
    ]);
    expect(headlineLines(audit, "EUR")[0]).toMatch(
      /^Paid visits \(20,803\) were 20.6 % more than ad clicks \(17,250\)/,
    );
  });

  it("shows a funnel step's values as rates", () => {
    expect(unitOf({ kind: "funnel", metric: "conversions" })).toBe("percent");
    const step = {
      kind: "funnel",
      metric: "conversions",
      current: 0.0646,
      baseline: 0.0775,
    } as unknown as ExportFinding;
    expect(headlineLines(step, "EUR")[0]).toBe("Conversions: 6.46 %");
  });
});

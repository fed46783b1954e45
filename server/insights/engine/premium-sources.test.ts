import { describe, expect, it } from "vitest";
import { PART_INDEX, PARTS, type PartValues } from "../data/parts";
import { ProjectData } from "../data/project-data";
import { REVENUE_RECONCILIATION_TOLERANCE, findRevenueMismatch } from "../detectors/revenue-reconciliation";
import { generateProject } from "../synthetic/generate-project";
import { runEngine } from "./run-engine";

// The premium sources in the engine: a lead generation project ranks by deals won when its CRM is
// connected; an ecommerce project audits analytics revenue against the platform's order revenue.

/** A second source beside the generated analytics one, with one part per day derived from analytics revenue. */
function withSource(seed: number, part: "orderRevenue" | "dealsWon", perDay: (revenue: number) => number) {
  const { input } = generateProject(seed, false);
  const analytics = input.data.sources[0];
  const days = new Map<string, PartValues>();
  for (const [date, values] of analytics.days) {
    const row = PARTS.map(() => null) as unknown as (number | null)[];
    row[PART_INDEX[part]] = perDay(values[PART_INDEX.revenue] ?? 0);
    days.set(date, row as unknown as PartValues);
  }
  const data = new ProjectData(
    input.window,
    [...input.data.sources, { sourceId: "premium", days }],
    [],
    input.data.loadedDimensions,
  );
  return { ...input, data, segmentDaily: { ...input.segmentDaily, series: [] } };
}

describe("revenue reconciliation", () => {
  it("flags a gap beyond the tolerance, in either direction, and not within it", () => {
    const period = { periodStart: "2026-02-01", periodEnd: "2026-02-28" };
    expect(findRevenueMismatch({ analyticsRevenue: 1050, orderRevenue: 1000, ...period })).toEqual([]);
    const below = findRevenueMismatch({ analyticsRevenue: 700, orderRevenue: 1000, ...period });
    expect(below).toMatchObject([{ issue: "analytics_below_orders", severity: "high", changePct: -0.3 }]);
    const above = findRevenueMismatch({
      analyticsRevenue: 1000 * (1 + REVENUE_RECONCILIATION_TOLERANCE * 1.5),
      orderRevenue: 1000,
      ...period,
    });
    expect(above).toMatchObject([{ issue: "analytics_above_orders", severity: "medium" }]);
    expect(findRevenueMismatch({ analyticsRevenue: 10, orderRevenue: null, ...period })).toEqual([]);
  });

  it("is a data quality insight of an ecommerce report when orders and analytics disagree", () => {
    const report = runEngine(withSource(3, "orderRevenue", (r) => r * 1.4));
    const insight = report.insights.find((i) => i.intentionKey === "revenue_reconciliation")!;
    expect(insight.group).toBe("data_quality");
    expect(insight.findings).toHaveLength(1);
    expect(insight.summary).toMatch(/Analytics recorded 29% less revenue than the store's orders/);
    const agreeing = runEngine(withSource(3, "orderRevenue", (r) => r * 1.02));
    expect(agreeing.insights.find((i) => i.intentionKey === "revenue_reconciliation")!.findings).toEqual([]);
    // Without the ecommerce platform the check does not apply.
    const { input } = generateProject(3, false);
    expect(runEngine(input).insights.some((i) => i.intentionKey === "revenue_reconciliation")).toBe(false);
  });
});

describe("deals won as the primary KPI", () => {
  it("ranks a lead generation project by deals won when CRM data exists, unless its KPI is set to another", () => {
    const crm = withSource(7, "dealsWon", (r) => Math.round(r / 500));
    const lead = { ...crm, project: { ...crm.project, siteType: "lead_generation" as const, primaryKpi: null } };
    expect(runEngine(lead).kpi).toBe("dealsWon");
    // The setting is honoured when the data holds it: conversions when the agency chose them (this shop export has no
    // leads column), deals won when it chose them.
    expect(runEngine({ ...lead, project: { ...lead.project, primaryKpi: "conversions" } }).kpi).toBe("conversions");
    expect(runEngine({ ...lead, project: { ...lead.project, primaryKpi: "deals_won" } }).kpi).toBe("dealsWon");
    const { input } = generateProject(7, false);
    const without = { ...input, project: { ...input.project, siteType: "lead_generation" as const } };
    expect(runEngine(without).kpi).not.toBe("dealsWon");
  });
});

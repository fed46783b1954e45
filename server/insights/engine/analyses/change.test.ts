import { describe, expect, it } from "vitest";
import { SourceDays } from "../../data/source-days";
import { addDays, dayOfWeek } from "@/lib/dates";
import { INTENTIONS } from "@/lib/insights/intentions";
import { gaussian, mulberry32 } from "@/lib/seeded-random";
import { PART_INDEX, PARTS, type PartValues } from "../../data/parts";
import { ProjectData } from "../../data/project-data";
import { reportWindow } from "../../data/window";
import type { EngineContext } from "../types";
import { runChange } from "./change";

// A ratio's period change is told as the rate of its summed parts: a shop's average order value of about €80 that
// fell by a tenth, not the sum of thirty days' values ("€2,228.80"), and its effect is the fall times the orders.

const window = reportWindow("2026-10-22", "2026-11-20", "previous_period");
const WEEKLY = [0.8, 1.05, 1.1, 1.05, 1.0, 1.0, 0.9];

function shop(): EngineContext {
  const z = gaussian(mulberry32(3));
  const days = new Map<string, PartValues>();
  for (let d = window.historyStart; d <= window.periodEnd; d = addDays(d, 1)) {
    const values: PartValues = PARTS.map(() => null);
    const orders = Math.round(100 * WEEKLY[dayOfWeek(d)] * (1 + 0.05 * z()));
    const value = (d >= window.periodStart ? 72 : 80) * (1 + 0.02 * z());
    values[PART_INDEX.transactions] = orders;
    values[PART_INDEX.revenue] = orders * value;
    values[PART_INDEX.sessions] = orders * 40;
    days.set(d, values);
  }
  const data = new ProjectData(window, [{ sourceId: "00000000-0000-4000-8000-0000000000a1", days }], [], []);
  const reference = data.periodTotals("revenue").baseline!;
  return {
    data,
    rawData: data,
    window,
    kpi: { metric: "revenue", reference },
    excludedDays: SourceDays.none,
  } as unknown as EngineContext;
}

describe("a ratio's period change", () => {
  it("is the rate of the summed parts, with its range around it and its effect in the KPI", () => {
    const ctx = shop();
    const intention = INTENTIONS.find((i) => i.key === "aov_change")!;
    const outcome = runChange(ctx, intention, "averageOrderValue");
    const [finding] = outcome.findings;
    const { current, baseline } = ctx.data.periodTotals("averageOrderValue");
    expect(finding).toMatchObject({ kind: "change", direction: "down", significant: true });
    expect(finding.current).toBeCloseTo(current!, 9);
    expect(finding.baseline).toBeCloseTo(baseline!, 9);
    expect(finding.current).toBeGreaterThan(65);
    expect(finding.current).toBeLessThan(80);
    expect(finding.changePct).toBeCloseTo(-0.1, 1);
    expect(finding.expectedLow!).toBeLessThan(baseline!);
    expect(finding.expectedHigh!).toBeGreaterThan(baseline!);
    expect(finding.expectedHigh! - finding.expectedLow!).toBeLessThan(0.2 * baseline!);
    // About €8 less on each of some 3,000 orders.
    const orders = ctx.data.periodTotals("transactions").current!;
    expect(outcome.kpiEffect).toBeCloseTo(finding.change! * orders, 6);
    expect(outcome.kpiEffect).toBeGreaterThan(-40_000);
  });
});

import { describe, expect, it } from "vitest";
import type { ExportInsight } from "../export-model";
import { syntheticModel } from "../synthetic-model";
import { chartPlan } from "./chart-plan";

// A level shift's slide draws the segment's days with its level before and after the change, as its page does.

describe("chartPlan", () => {
  it("draws a level shift's levels beside its days", () => {
    const theme = syntheticModel({ insights: 0 }).theme;
    const points = ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04"].map((date, i) => ({
      date,
      value: i < 2 ? 9 + i : 5 - i / 2,
      expected: i < 2 ? 9.2 : 4.9,
    }));
    const insight = {
      findings: [{ kind: "level_shift", metric: "transactions" }],
      chart: { type: "series", metric: "transactions", unit: "count", points },
    } as unknown as ExportInsight;
    const plan = chartPlan(insight, theme)!;
    expect(plan.title).toBe("Transactions and its level");
    expect(plan.series.map((s) => s.name)).toEqual(["Transactions", "Level before and after"]);
    expect(plan.series[1].values).toEqual([9.2, 9.2, 4.9, 4.9]);
  });
});

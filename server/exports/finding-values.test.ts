import { describe, expect, it } from "vitest";
import type { ExportFinding } from "./export-model";
import { evidenceTable, headlineLines } from "./pptx/evidence-rows";
import { findingValueFormat } from "./xlsx/number-formats";

// A trend's values are growth rates (server/insights/engine/rate-values.ts): the slide and the
// workbook say "% per week", never money.
const growth: ExportFinding = {
  kind: "trend",
  metric: "revenue",
  dimension: null,
  dimensionValue: null,
  periodStart: "2026-10-02",
  periodEnd: "2026-10-31",
  current: -0.065,
  baseline: null,
  change: null,
  changePct: -0.065,
  expectedLow: -0.091,
  expectedHigh: -0.037,
  confidence: 0.95,
  direction: "down",
  valueUnit: "percent_per_week",
};

describe("a trend in the exports", () => {
  it("is a rate per week on the slide, with its interval", () => {
    const [row] = evidenceTable([growth], "USD").rows;
    expect(row[4]).toBe("−6.5 % per week");
    expect(row[7]).toBe("–"); // no "Change % −6.5 %" repeating the rate as if it were another number
    expect(row[8]).toBe("−9.1 % – −3.7 % per week");
    expect(row.join(" ")).not.toMatch(/\$/);
    expect(headlineLines(growth, "USD")[0]).toBe("Revenue: −6.5 % per week");
  });

  it("has a percent-per-week number format in the workbook; other findings keep their metric's", () => {
    expect(findingValueFormat(growth, "currency", "USD")).toBe('0.0%" per week"');
    expect(findingValueFormat({ valueUnit: "percent_per_month" }, "currency", "USD", true)).toBe(
      '+0.0%" per month";-0.0%" per month";0.0%" per month"',
    );
    expect(findingValueFormat({}, "currency", "USD")).toBe('"$"#,##0.00');
  });
});

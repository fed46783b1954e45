import { describe, expect, it } from "vitest";
import type { InsightFinding } from "../api-client/types";
import { csvFileName, findingsToCsv } from "./findings-csv";

const finding: InsightFinding = {
  kind: "driver",
  metric: "revenue",
  dimension: "campaign",
  dimensionValue: '=HYPERLINK("x"), "spring"',
  periodStart: "2025-01-01",
  periodEnd: "2025-01-28",
  current: 1200.5,
  baseline: 1000,
  change: 200.5,
  changePct: 0.2005,
  expectedLow: null,
  expectedHigh: null,
  confidence: 0.95,
  direction: "up",
  narrative: "Revenue rose.\nMostly spring.",
};

describe("insight CSV download", () => {
  it("writes every finding field with RFC 4180 quoting and neutralises formulas", () => {
    const csv = findingsToCsv({
      intention: { key: "k", title: "T", question: "Why, really?" },
      title: "T",
      summary: "",
      findings: [finding],
    });
    const [header, row] = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toBe(
      "intention,question,kind,metric,dimension,dimensionValue,periodStart,periodEnd,current,baseline,change,changePct,expectedLow,expectedHigh,confidence,direction,narrative",
    );
    expect(row).toContain('"Why, really?"');
    expect(row).toContain(`"'=HYPERLINK(""x""), ""spring"""`);
    expect(row).toContain(",1200.5,1000,200.5,0.2005,,,0.95,up,");
    expect(csv).toContain('"Revenue rose.\nMostly spring."');
  });

  it("names the file from the title", () => {
    expect(csvFileName("Which channels drove the drop in conversions?")).toBe(
      "Funnelwise-Insight-Which-channels-drove-the-drop-in-conversions.csv",
    );
  });
});

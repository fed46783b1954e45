import { describe, expect, it } from "vitest";
import type { Finding } from "@/lib/insights/finding";
import { describeFinding } from "@/lib/insights/narrate/sentences";
import { runEngine } from "../engine/run-engine";
import { checkReport } from "../quality/check-report";
import { engineSeriesData } from "../quality/engine-series-data";
import { fieldsOf, matches, tokens } from "../quality/properties/text";
import { engineReportOf } from "../quality/report-of";
import { generateProject } from "../synthetic/generate-project";
import { oneEventAcrossSegments } from "./dedupe";
import type { JudgedResult } from "./judge";

// One event told once (dedupe.ts): the segments of other dimensions that moved with the lead the same day are folded
// into its `movedWith`, and how many of them its sentence counts instead of naming is a field of the finding
// (`movedWithOthers`, lib/insights/moved-with.ts), so "and 3 other segments" is one of its numbers.

function shift(dimension: string, dimensionValue: string, change: number): Finding {
  return {
    kind: "level_shift",
    metric: "sessions",
    dimension,
    dimensionValue,
    periodStart: "2026-03-18",
    periodEnd: "2026-03-31",
    date: "2026-03-18",
    current: 500 + change,
    baseline: 500,
    change,
    changePct: change / 500,
    expectedLow: 450,
    expectedHigh: 550,
    confidence: 0.95,
    direction: change > 0 ? "up" : "down",
    pValue: 1e-6,
  } as Finding;
}

function folded(others: number): Finding {
  const lead = shift("device", "desktop", 264);
  const channels = ["Direct", "Paid Search", "Email", "Social", "Display", "Organic Search"].slice(0, others);
  const findings = [lead, ...channels.map((c, i) => shift("channel", c, 120 - 10 * i))];
  const judged: JudgedResult = { result: {} as JudgedResult["result"], findings, seriesOf: new Map() };
  const [out] = oneEventAcrossSegments([judged]);
  expect(out.findings).toHaveLength(1);
  return out.findings[0];
}

/** The numbers of a sentence that are none of the finding's fields. */
function strayNumbers(text: string, finding: Finding): string[] {
  const fields = fieldsOf(finding);
  return tokens(text.replace(/“[^”]*”/g, " "))
    .numbers.filter((t) => !fields.numbers.some((f) => matches(t, f)))
    .map((t) => t.text);
}

describe("a folded shift's segments that moved with it", () => {
  it("counts those its sentence does not name as a field of the finding, and the sentence tells that count", () => {
    const lead = folded(6);
    expect(lead.movedWith).toHaveLength(6);
    expect(lead.movedWithOthers).toBe(3);
    const text = describeFinding(lead, { currency: "EUR" });
    expect(text).toContain(
      "Channel “Direct” (+120 a day), Channel “Paid Search” (+110 a day), Channel “Email” (+100 a day) and 3 other " +
        "segments moved with it within days",
    );
    expect(strayNumbers(text, lead)).toEqual([]);
  });

  it("names four rather than counting one other, and sets no count", () => {
    const lead = folded(4);
    expect(lead.movedWithOthers).toBeUndefined();
    const text = describeFinding(lead, { currency: "EUR" });
    expect(text).toContain("and Channel “Social” (+90 a day) moved with it within days");
    expect(text).not.toContain("other segments");
  });

  it("leaves v3's report of a shop whose devices' step shows in six channels with no number outside its fields", () => {
    // Seed 5 of the quality bench's shop: a step up of tablet's sessions on Mar 19 that six channels moved with.
    const { input } = generateProject(5, true);
    const report = runEngine(input, { engine: "v3" });
    const lead = report.insights
      .flatMap((i) => i.findings)
      .find((f) => f.kind === "level_shift" && f.dimensionValue === "tablet" && (f.movedWith?.length ?? 0) > 4);
    expect(lead?.movedWithOthers).toBe(lead!.movedWith!.length - 3);
    const violations = checkReport(
      engineReportOf(report, input.window, input.project.currency),
      engineSeriesData(input, report.excludedDays),
    );
    expect(violations.filter((v) => v.property === "text")).toEqual([]);
  });
});

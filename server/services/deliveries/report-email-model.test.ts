import { describe, expect, it } from "vitest";
import { renderReportEmail } from "@/emails/report-email";
import { reportEmailText } from "@/emails/report-email-model";
import type { ExportFinding, ExportInsight, ExportModel } from "../../exports/export-model";
import { narrated, syntheticModel } from "../../exports/synthetic-model";
import { toReportEmailModel } from "./report-email-model";

// The email's top findings are told as the file tells them: the lead finding's numbers in their own unit (a level
// shift's daily levels, a trend's growth rates), what they are of, and the effect on the KPI where one is quoted.

const finding = (over: Partial<ExportFinding>): ExportFinding =>
  ({
    kind: "change",
    metric: "conversions",
    dimension: null,
    dimensionValue: null,
    periodStart: "2026-03-04",
    periodEnd: "2026-03-31",
    current: 100,
    baseline: 120,
    change: -20,
    changePct: -1 / 6,
    expectedLow: null,
    expectedHigh: null,
    confidence: 0.95,
    direction: "down",
    ...over,
  }) as ExportFinding;

// Each insight with the narration a report stores beside it (the email tells the stored text, not its own).
const insight = (over: Partial<ExportInsight>): ExportInsight => narrated(bare(over), "2026-03-31");

const bare = (over: Partial<ExportInsight>): ExportInsight => ({
  id: "00000000-0000-4000-8000-000000000001",
  title: "Insight",
  summary: "",
  question: "",
  group: "most_impactful",
  funnelStage: "evaluation",
  impact: 0.1,
  kpiEffect: null,
  kpiMetric: null,
  rank: 1,
  findings: [],
  chart: null,
  ...over,
});

function emailOf(insights: ExportInsight[], figures: ExportModel["figures"] = null): string {
  const model: ExportModel = { ...syntheticModel({ insights: 0 }), insights, figures };
  return reportEmailText(toReportEmailModel(model, { agencyName: "Acme Agency", reportUrl: "https://app/r" }));
}

describe("the report email's top findings", () => {
  it("says what a segment's level shift is of, in daily levels, with its effect on the KPI", () => {
    const shift = finding({
      kind: "level_shift",
      date: "2026-03-10",
      periodStart: "2026-03-10",
      dimension: "campaign",
      dimensionValue: "Generic - Workwear",
      current: 2.01,
      baseline: 6.32,
      change: -4.31,
      changePct: -0.682,
    });
    const text = emailOf([
      insight({ title: "Lasting changes in one segment", findings: [shift], kpiEffect: -1.41, kpiMetric: "dealsWon" }),
    ]);
    expect(text).toContain("Conversions · Campaign: Generic - Workwear · Mar 10, 2026 – Mar 31, 2026");
    expect(text).toContain(
      "Now: 2.01 a day · Before: 6.32 a day · Change: −4.31 a day (−68.2 %) · Effect on KPI: −1.4 deals won",
    );
  });

  it("gives a trend's growth rates as rates, not as amounts of the metric", () => {
    const trend = finding({
      kind: "trend",
      metric: "revenue",
      valueUnit: "percent_per_week",
      current: -0.065,
      baseline: 0.02,
      change: -0.085,
      changePct: null,
    });
    const text = emailOf([insight({ title: "Revenue trend", findings: [trend] })]);
    expect(text).toContain("Now: −6.5 % per week · Before: +2 % per week · Change: −8.5 pp per week\n");
    expect(text).not.toContain("€");
  });

  it("leaves the data quality audit to the file and the link", () => {
    const audit = finding({ kind: "audit", metric: "sessions", current: 894, baseline: 42_887 });
    const text = emailOf([
      insight({ title: "Self-referrals", group: "data_quality", funnelStage: "audit", findings: [audit] }),
      insight({ title: "Conversions change", findings: [finding({})] }),
    ]);
    expect(text).toContain("Top findings (1 of 2)");
    expect(text).not.toContain("Self-referrals");
    // A total over the report's own period needs no days beside it.
    expect(text).toMatch(/Conversions change \(Evaluation\)\n {3}Conversions\n {3}This period: 100 · Comparison: 120/);
  });

  it("tells each finding in its sentence with its next step, an unusual day against its expected value", () => {
    const day = finding({
      kind: "anomaly",
      metric: "sessions",
      date: "2026-03-20",
      periodStart: "2026-03-20",
      periodEnd: "2026-03-20",
      current: 40,
      baseline: 410,
      change: -370,
      changePct: -0.9,
      expectedLow: 350,
      expectedHigh: 470,
    });
    const text = emailOf([insight({ title: "Unusual days", findings: [day] })]);
    const [first, second] = text.split("Top findings (1 of 1):\n\n")[1].split("\n");
    expect(first).toMatch(/^1\. Sessions were 40 on Mar 20, 2026, below the expected 350 to 470/);
    expect(second).toBe("   Unusual days (Evaluation)");
    expect(text).toContain("Actual: 40 · Expected: 410 · Change: −370 (−90 %)");
    expect(text).not.toContain("Before:");
    expect(text).toMatch(/\n {3}Next step: \S.+\n/);
  });

  it("opens with the report's key figures, read as its page reads them", () => {
    const figures = syntheticModel({ insights: 0 }).figures;
    const text = emailOf([insight({ title: "Conversions change", findings: [finding({})] })], figures);
    expect(text).toContain("Key figures:\n   Revenue: €48,210.50 (▲ +20.2 % vs €40,120.00)\n");
    expect(text).toContain("   Transactions: 512 (▼ −3.4 % vs 530; within normal day-to-day variation)\n");
    // Chosen insights or a tag are not a report: no figures.
    expect(emailOf([insight({ findings: [finding({})] })])).not.toContain("Key figures");
  });

  it("names every other insight after the top five, one line each, and the questions that found nothing in one line", async () => {
    const insights = Array.from({ length: 7 }, (_, i) =>
      insight({ title: `Insight ${i + 1}`, rank: i + 1, findings: [finding({ current: 100 + i })] }),
    );
    const model: ExportModel = {
      ...syntheticModel({ insights: 0 }),
      insights,
      figures: null,
      alsoChecked: ["Tracking gaps", "Unusual traffic days"],
    };
    const email = toReportEmailModel(model, { agencyName: "Acme Agency", reportUrl: "https://app/r" });
    const text = reportEmailText(email);
    expect(text).toContain("Top findings (5 of 7)");
    const appendix = text.split("Also in the report:\n")[1]?.split("\n\n")[0].split("\n") ?? [];
    expect(appendix).toHaveLength(2);
    expect(appendix[0]).toMatch(/^ {3}- Insight 6: \S/);
    expect(appendix[1]).toMatch(/^ {3}- Insight 7: \S/);
    expect(text).toContain("Also checked, nothing notable: Tracking gaps, Unusual traffic days.");
    // The HTML part says the same.
    const { html } = await renderReportEmail(email);
    expect(html).toContain("Also in the report");
    expect(html).toContain("Insight 7: ");
    expect(html).toContain("Also checked, nothing notable: Tracking gaps, Unusual traffic days.");
    // Five or fewer: no appendix, and no empty "also checked" line.
    const few = emailOf(insights.slice(0, 2));
    expect(few).not.toContain("Also in the report");
    expect(few).not.toContain("Also checked");
  });
});

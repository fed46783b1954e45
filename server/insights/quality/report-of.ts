// A report in the checker's terms, from the engine's output or from the stored rows.
import type { ReportWindow } from "../data/window";
import type { EngineReport } from "../engine/run-engine";
import type { CheckedInsight, CheckedReport } from "./types";

export function engineReportOf(report: EngineReport, window: ReportWindow, currency: string): CheckedReport {
  return {
    periodStart: window.periodStart,
    periodEnd: window.periodEnd,
    comparisonStart: window.comparisonStart,
    comparisonEnd: window.comparisonEnd,
    currency,
    excludedDays: report.excludedDays,
    insights: report.insights,
  };
}

/** The stored report: its insights rows (insights.findings jsonb, summary, chart) in rank order. */
export function storedReportOf(
  window: ReportWindow,
  currency: string,
  excludedDays: readonly string[],
  rows: readonly CheckedInsight[],
): CheckedReport {
  return {
    periodStart: window.periodStart,
    periodEnd: window.periodEnd,
    comparisonStart: window.comparisonStart,
    comparisonEnd: window.comparisonEnd,
    currency,
    excludedDays,
    insights: rows,
  };
}

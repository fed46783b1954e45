import type { Finding, FindingTest, InsightNarration, InsightOutcome, NullModel } from "../finding";
import { NO_SIGNIFICANT_RESULTS } from "../intentions";
import { formatKpiEffect, ownRatesClause } from "../format-values";
import { analystNarrative, leadFinding, type NarrativeFinding } from "./analyst";

// The narrator's entry: what an insight says, written once when its report is generated and stored with it
// (insights.narration). The screens, the exports and the email show these strings; nothing downstream writes its own.

export interface NarrateOptions {
  /** ISO 4217 code of the project's currency. */
  currency: string;
  /** The report's period: a finding spanning exactly it is not dated again. */
  period: { start: string; end: string };
}

export interface NarratedInsight {
  findings: readonly Finding[];
  chart?: { type: string; totalChange?: number } | null;
  kpiEffect: number | null;
  kpiMetric: string | null;
  /** The findings' sentences, in the order the insight tells them (the summary's). */
  sentences: readonly string[];
}

/** An insight's stored text: headline, sentences, why, next step, the effect on the KPI and how its lead was tested. */
export function narrateInsight(insight: NarratedInsight, options: NarrateOptions): InsightNarration | null {
  const findings = insight.findings as unknown as NarrativeFinding[];
  const analyst = analystNarrative({ findings, chart: insight.chart ?? null }, options);
  if (!analyst) return null;
  const lead = leadFinding(insight.findings) as Finding | null;
  return {
    headline: analyst.headline,
    sentences: [...insight.sentences],
    why: analyst.why,
    next: analyst.next,
    effect: effectSentence(insight, lead, options.currency),
    tested: lead?.significance ? testedLine(lead.significance) : null,
  };
}

/**
 * The insight's estimated effect on the primary KPI over the period, where it states one and the headline does not
 * already give it (a change of the KPI's own total is its effect).
 */
function effectSentence(insight: NarratedInsight, lead: Finding | null, currency: string): string | null {
  const ownTotal = lead !== null && !lead.dimension && lead.metric === insight.kpiMetric;
  const effect = ownTotal ? "–" : formatKpiEffect(insight.kpiEffect, insight.kpiMetric, currency);
  if (effect === "–") return null;
  return `Estimated effect over the period: ${effect}${lead ? ownRatesClause(lead) : ""}.`;
}

/** How each null model is named to a reader. */
const NULL_MODEL_NAMES: Record<NullModel, string> = {
  count_outlier: "Negative binomial one-day test",
  amount_outlier: "Log-normal one-day test",
  rate_outlier: "Beta-binomial one-day test",
  count_change_point: "Poisson change-point test",
  amount_change_point: "Log-normal change-point test",
  rate_change_point: "Binomial change-point test",
  trend_change_point: "Trend change-point test",
  period_change: "Period comparison test (weekday regression)",
  trend_slope: "Trend slope test",
  funnel_step: "Two-proportion test of the step's rate",
  seasonal_baseline: "One-day test against the seasonal baseline (Student t)",
  split_test: "Split test",
  competitor_variation: "Test against the day-to-day variation",
};

export const nullModelName = (model: NullModel) => NULL_MODEL_NAMES[model];

/** "Poisson change-point test, p = 0.0003, one of 4,120 tests this report ran; false discovery rate 5 %". */
export function testedLine(test: FindingTest): string {
  const tests = test.reportTests.toLocaleString("en-US");
  const of = test.reportTests === 1 ? "the one test this report ran" : `one of ${tests} tests this report ran`;
  const fdr = `${(test.fdr * 100).toLocaleString("en-US", { maximumFractionDigits: 1 })} %`;
  return `${NULL_MODEL_NAMES[test.nullModel]}, ${formatP(test.pValue)}, ${of}; false discovery rate ${fdr}`;
}

/** A finding with its "how it was tested" line, when it carries its test. */
export function withTestedLine<F extends Finding>(f: F): F {
  return f.significance ? { ...f, tested: testedLine(f.significance) } : f;
}

/** A p-value as a reader meets it: "p = 0.0017", or "p < 0.0001" below that (no model's tail is that exact). */
export function formatP(p: number): string {
  if (p < 0.0001) return "p < 0.0001";
  return `p = ${p.toLocaleString("en-US", { maximumSignificantDigits: 2, maximumFractionDigits: 4 })}`;
}

/** The summary an insight kept before its outcome was stored as data: the same sentence the API has always served. */
export function outcomeSummary(outcome: InsightOutcome, sentences: readonly string[]): string {
  if (outcome.status === "not_run") return `Skipped: ${outcome.reason}`;
  if (outcome.status === "nothing_notable") return NO_SIGNIFICANT_RESULTS;
  return sentences.join(" ");
}

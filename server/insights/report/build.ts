import type { Intention } from "@/lib/insights/intentions";
import { parseFindings, type Finding, type InsightOutcome } from "@/lib/insights/finding";
import { narrateInsight, outcomeSummary, withTestedLine } from "@/lib/insights/narrate";
import { withDaysRuns } from "@/lib/insights/days-in-a-row";
import { describeFinding } from "@/lib/insights/narrate/sentences";
import { findingSentiment } from "@/lib/insights/narrate/sense";
import type { LegacyFinding } from "@/lib/insights/narrate/legacy-fields";
import { ENGINE_CONFIG } from "../config";
import type { InsightDraft } from "../engine/run-engine";
import type { NotRun } from "../engine/skip-reason";
import { analysisOf, type ReportContext } from "./analysis";
import { seriesChart } from "./charts";
import { withCostResults, type ResultsData } from "./cost-results";
import type { RankedResult } from "./rank";

// The last stage: each ranked insight as the report stores it, its findings parsed through the Finding contract and
// told by the narrator (each finding's sentence and how it was tested, the insight's headline, why and next step),
// and each intention that could not run as its outcome.

function told(f: Finding, currency: string): Finding {
  const sentence = describeFinding(f as unknown as LegacyFinding, { currency });
  const sentiment = findingSentiment(f as unknown as LegacyFinding);
  return withTestedLine({ ...f, narrative: sentence, sentiment });
}

/** A segment watch's chart is its lead finding's series; every other insight keeps the chart its answer drew. */
function chartOf(ctx: ReportContext, r: RankedResult): Record<string, unknown> | null {
  const lead = r.findings[0];
  const key = lead ? r.seriesOf.get(lead) : undefined;
  const analysis = key ? analysisOf(ctx, key) : undefined;
  if (r.result.intention.analysis.type === "segments" && analysis)
    return seriesChart(
      ctx,
      analysis,
      r.findings.filter((f) => r.seriesOf.get(f) === key),
    ) as never;
  return r.result.chart as Record<string, unknown> | null;
}

/** What the cost-results stage reads of the report: the cube's data (its unknown days out) and the segments' days. */
const resultsData = (ctx: ReportContext): ResultsData => ({
  data: ctx.cube.data,
  segmentDaily: ctx.input.segmentDaily,
  excludedDays: ctx.excludedDays,
  window: ctx.window,
});

export function buildInsight(ctx: ReportContext, r: RankedResult): InsightDraft {
  const intention = r.result.intention;
  const currency = ctx.project.currency;
  // A cost per result carries what it bought over the same days (cost-results.ts), which its sense depends on; days
  // in a row carry the means their one headline tells (days-in-a-row.ts, as v2's summary stores them).
  const shown = withCostResults(resultsData(ctx), r.findings.slice(0, ENGINE_CONFIG.maxFindingsPerInsight));
  const findings = parseFindings(withDaysRuns(shown.map((f) => told(f, currency))));
  const sentences = findings
    .map((f) => f.narrative ?? "")
    .filter(Boolean)
    .slice(0, ENGINE_CONFIG.maxSentences);
  const outcome: InsightOutcome = findings.length > 0 ? { status: "findings" } : { status: "nothing_notable" };
  const chart = chartOf(ctx, r);
  const stated =
    ctx.kpi && r.effect.kpiEffect !== 0 ? { kpiEffect: r.effect.kpiEffect, kpiMetric: ctx.kpi.metric } : null;
  const effect = stated ?? { kpiEffect: null, kpiMetric: null };
  return {
    intentionKey: intention.key,
    group: r.group,
    funnelStage: intention.stage,
    title: intention.title,
    summary: outcomeSummary(outcome, sentences),
    narration: narrateInsight(
      { findings, chart: chart as { type: string } | null, ...effect, sentences },
      { currency, period: { start: ctx.window.periodStart, end: ctx.window.periodEnd } },
    ),
    outcome,
    impact: r.impact,
    ...effect,
    rank: r.rank,
    findings,
    chart,
  };
}

/** An intention that could not run, after the ranked ones. */
export function notRunInsight(intention: Intention, reason: NotRun, rank: number): InsightDraft {
  const outcome: InsightOutcome = { status: "not_run", reason: reason.reason, need: reason.need };
  return {
    intentionKey: intention.key,
    group: intention.stage === "audit" ? "data_quality" : "other",
    funnelStage: intention.stage,
    title: intention.title,
    summary: outcomeSummary(outcome, []),
    narration: null,
    outcome,
    impact: 0,
    kpiEffect: null,
    kpiMetric: null,
    rank,
    findings: [],
    chart: null,
  };
}

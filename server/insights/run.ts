import { siteTypeIntentions } from "./engine/applicable";
import { primaryKpi } from "./engine/kpi";
import { sameCount, sameCountReason, twinIntention } from "./engine/same-counts";
import { skipReason, type NotRun } from "./engine/skip-reason";
import type { EngineInput } from "./engine/types";
import type { EngineReport } from "./engine/run-engine";
import type { Intention } from "@/lib/insights/intentions";
import { MetricCube } from "./data/cube";
import { unknownDays } from "./audit/unknown-days";
import type { ReportContext } from "./report/analysis";
import { answerAnomalies, answerSegments, answerTrend } from "./report/answer-series";
import { answerChange, answerDrivers } from "./report/answer-change";
import { answerAudit, answerCompetition, answerFunnel, keptContext } from "./report/answer-kept";
import type { IntentionResult } from "./report/intention-result";
import { judge } from "./report/judge";
import { oneChangePerSeries, oneEventAcrossSegments, totalsExplained } from "./report/dedupe";
import { rank } from "./report/rank";
import { withSeasons } from "./report/season";
import { stepsTold } from "./report/steps-told";
import { buildInsight, notRunInsight } from "./report/build";

// The insight engine (v3) as one pure function, in typed stages: the data as a cube, with the days the audit reads as
// unknown; each intention answered from the one model of each series (candidates with their null model, p-value and
// tests); one Benjamini-Hochberg over the report; one event told once; ranked by the primary KPI; built and narrated.
// No database, no clock, no randomness, nothing kept between reports.

function answer(ctx: ReportContext, intention: Intention): IntentionResult | null {
  const a = intention.analysis;
  switch (a.type) {
    case "anomalies":
      return answerAnomalies(ctx, intention, a.metric);
    case "trend":
      return answerTrend(ctx, intention, a.metric);
    case "change":
      return answerChange(ctx, intention, a.metric);
    case "drivers":
      return answerDrivers(ctx, intention, a.metric, a.dimension);
    case "segments":
      return ctx.input.segmentDaily.series.length > 0 ? answerSegments(ctx, intention, a.view) : null;
    case "funnel":
      return answerFunnel(ctx, intention, a.steps);
    case "audit":
      return answerAudit(ctx, intention, a.check);
    case "competition":
      return answerCompetition(ctx, intention);
  }
}

function contextOf(input: EngineInput): ReportContext {
  const { days: excludedDays, frozen } = unknownDays(input);
  // Each series at its source's grain (data/source-grain.ts): a weekly export's series is a run of weeks.
  const cube = new MetricCube(input.data, input.segmentDaily, { grains: input.project.sourceGrains }).withUnknown(
    excludedDays,
  );
  const kpi = primaryKpi(input.project.siteType, cube.data, input.project.primaryKpi);
  return {
    input,
    cube,
    window: input.window,
    project: input.project,
    kpi,
    excludedDays,
    analyses: new Map(),
    chartPoints: new Map(),
    yearly: new Map(),
    sameCount: sameCount(cube.data, input.project.siteType, kpi?.metric),
    frozen,
  };
}

/** Each intention answered, or the reason it could not be. */
function answerAll(ctx: ReportContext) {
  const legacy = keptContext(ctx);
  const intentions = siteTypeIntentions(ctx.project.siteType);
  const results: IntentionResult[] = [];
  const notRun: { intention: Intention; reason: NotRun }[] = [];
  for (const intention of intentions) {
    const reason = skipReason(legacy, intention);
    if (reason === "not_applicable") continue;
    if (reason) {
      notRun.push({ intention, reason });
      continue;
    }
    const twin = twinIntention(intention, ctx.sameCount, intentions);
    if (twin && ctx.sameCount && skipReason(legacy, twin) === null) {
      notRun.push({ intention, reason: sameCountReason(ctx.sameCount, twin) });
      continue;
    }
    const result = answer(ctx, intention);
    if (result) results.push(result);
  }
  return { results, notRun };
}

export function runEngineV3(input: EngineInput): EngineReport {
  const ctx = contextOf(input);
  const { results, notRun } = answerAll(ctx);
  const judgement = judge(results);
  const judged = stepsTold(ctx, judgement.judged);
  const told = totalsExplained(oneEventAcrossSegments(oneChangePerSeries(withSeasons(ctx, judged))));
  const ranked = rank(ctx, told);
  const insights = [
    ...ranked.map((r) => buildInsight(ctx, r)),
    ...notRun.map((n, i) => notRunInsight(n.intention, n.reason, ranked.length + i + 1)),
  ];
  return {
    insights,
    skipped: notRun.map((n) => ({ intentionKey: n.intention.key, ...n.reason })),
    tests: judgement.tests,
    pThreshold: judgement.threshold,
    excludedDays: ctx.excludedDays.union(),
    excludedDaysBySource: ctx.excludedDays.toRecord(),
    kpi: ctx.kpi?.metric ?? null,
  };
}

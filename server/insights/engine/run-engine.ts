import { type Intention } from "@/lib/insights/intentions";
import { isSeasonallyExpected as seasonal, seasonOf, type FindingSeason } from "@/lib/insights/season";
import { expectedAtBar, type SeasonPrediction } from "../stats/season-prediction";
import type { Finding } from "../types";
import { unknownDays } from "../audit/unknown-days";
import {
  SEGMENT_MAX_FINDINGS,
  attachMixRate,
  foldSameEvent,
  foldSameRows,
  segmentWatchChart,
  startSegmentWatch,
  takeLeadEffect,
  type SegmentAnomaly,
  type SegmentShift,
} from "./analyses/segment-watch";
import type { SegmentDetector } from "./analyses/segment-detect";
import { foldMovedSegments } from "./analyses/moved-segments";
import { noteSiblingShifts } from "./analyses/sibling-shifts";
import { foldIntoStarts, segmentStarts } from "./analyses/started-segments";
import { effectShare } from "./effect-share";
import { engineDays, stepsOnTheirDays, withRestated } from "../report/steps-on-their-days";
import { explainTotalsBySegments } from "./explain-by-segment";
import { siteTypeIntentions } from "./applicable";
import { statedKpiEffect } from "./impact";
import { primaryKpi } from "./kpi";
import { foldMovedWith } from "./fold-moved-with";
import { oneEffectPerChange } from "./one-effect-per-change";
import { runsTogether } from "./analyses/segment-runs";
import { discountTrackingChanges } from "./tracking-change";
import { dropSeamFindings } from "./analytics-seam";
import { FDR, benjaminiHochbergThreshold } from "./multiplicity";
import { rankOutcomes, type InsightGroup } from "./rank";
import { runIntention } from "./run-intention";
import { labelSeasonalFindings } from "./seasonal-label";
import { sameCount, sameCountReason, twinIntention } from "./same-counts";
import { skipReason, type NotRun } from "./skip-reason";
import { withTest } from "./stored-test";
import {
  parseFindings,
  type Finding as StoredFinding,
  type InsightNarration,
  type InsightOutcome,
} from "@/lib/insights/finding";
import { narrateInsight, outcomeSummary, withTestedLine } from "@/lib/insights/narrate";
import { runEngineV3 } from "../run";
import { withCostResults } from "../report/cost-results";
import { narrate } from "./summary";
import type { EngineContext, EngineInput, IntentionOutcome } from "./types";

// The insight engine as one pure function: loaded project data in, ranked insights out. No
// database, no clock, no randomness: the job (server/jobs/handlers/generate-report.ts) loads
// the data, calls this, and saves what it returns in one transaction.

export interface InsightDraft {
  intentionKey: string;
  group: InsightGroup;
  funnelStage: string;
  title: string;
  /** The narrator's sentences joined, or the outcome's own sentence (outcomeSummary): the API's field. */
  summary: string;
  /** The narrator's stored text (lib/insights/narrate); null without findings. */
  narration: InsightNarration | null;
  outcome: InsightOutcome;
  impact: number;
  /** The change in the primary KPI the insight stands for, in its unit, where it is an estimate to quote. */
  kpiEffect: number | null;
  kpiMetric: string | null;
  rank: number;
  findings: StoredFinding[];
  chart: Record<string, unknown> | null;
}

export interface EngineReport {
  insights: InsightDraft[];
  /** Intentions not run, with the reason (too little history, a source they need) and what they need. */
  skipped: ({ intentionKey: string } & NotRun)[];
  /** Hypotheses tested across the report and the p-value threshold that controls the FDR over them. */
  tests: number;
  pThreshold: number;
  /** Tracking-gap, partial and frozen days left out of every detector but the audit: every source's, together. */
  excludedDays: string[];
  /** The same days by the source whose data they are: only that source's metrics left them out. */
  excludedDaysBySource: Record<string, string[]>;
  kpi: string | null;
}

export interface EngineOptions {
  /** Which engine answers: v3 (server/insights/run.ts) or this one; default the INSIGHT_ENGINE setting, else this. */
  engine?: "v2" | "v3";
  /**
   * Where the segments' detections run (analyses/segment-detect.ts): inline by default; the report
   * job passes a detector on another thread (server/insights/parallel/segment-detector.ts).
   */
  segmentDetector?: SegmentDetector;
}

export function runEngine(input: EngineInput, options: EngineOptions = {}): EngineReport {
  if ((options.engine ?? process.env.INSIGHT_ENGINE) === "v3") return runEngineV3(input);
  const { window, project } = input;
  // Tracking gaps, a partial last day and frozen runs (audit/unknown-days.ts): days every detector but the audit skips.
  const { days: excludedDays, frozen } = unknownDays(input);
  const data = excludedDays.empty ? input.data : input.data.excluding(excludedDays);
  const kpi = primaryKpi(project.siteType, data, project.primaryKpi);
  const ctx: EngineContext = {
    data,
    rawData: input.data,
    segmentDaily: input.segmentDaily,
    excludedDays,
    frozen,
    window,
    project,
    kpi,
    competition: input.competition ?? null,
    sameCount: sameCount(data, project.siteType, kpi?.metric),
  };
  // Started first, so a detector on another thread works on the segments while the intentions run.
  if (options.segmentDetector && input.segmentDaily.series.length > 0)
    ctx.segmentWatch = startSegmentWatch(ctx, options.segmentDetector);

  const outcomes: IntentionOutcome[] = [];
  const skipped: EngineReport["skipped"] = [];
  const intentions = siteTypeIntentions(project.siteType);
  for (const intention of intentions) {
    const reason = skipReason(ctx, intention);
    if (reason === "not_applicable") continue;
    if (reason) {
      skipped.push({ intentionKey: intention.key, ...reason });
      continue;
    }
    // The same question about the same numbers under another name is answered once, by the count's own intention.
    const twin = twinIntention(intention, ctx.sameCount ?? null, intentions);
    if (twin && ctx.sameCount && skipReason(ctx, twin) === null) {
      skipped.push({ intentionKey: intention.key, ...sameCountReason(ctx.sameCount, twin) });
      continue;
    }
    const outcome = runIntention(ctx, intention);
    if (outcome) outcomes.push(outcome);
  }

  // Labelled before the FDR control: a finding the season predicts is not a discovery, so it must
  // not lower the bar the unexpected ones are held to.
  labelSeasonalFindings(ctx, outcomes);
  const { tests, threshold } = controlFalseDiscoveries(outcomes);
  const localised = outcomes.filter((o) => o.localised);
  for (const o of localised) o.findings = foldSameEvent(foldSameRows(o.findings as (SegmentAnomaly | SegmentShift)[]));
  // A segment's start (level shifts) also holds back its unusual days (the other outcome) in its first weeks.
  const starts = segmentStarts(localised.flatMap((o) => o.findings as (SegmentAnomaly | SegmentShift)[]));
  for (const o of localised) {
    const started = foldIntoStarts(o.findings as (SegmentAnomaly | SegmentShift)[], starts);
    const cut = started.length < o.findings.length;
    // A level lost to another name of the same traffic is told with where it went, at the pair's net effect.
    const { findings: folded, moved } = foldMovedSegments(ctx, started);
    // Counted before the list is cut: a site-wide step is told by how many segments took it.
    noteSiblingShifts(ctx, folded);
    o.findings = runsTogether(folded, SEGMENT_MAX_FINDINGS);
    // A lead left out with a segment's first weeks, moved to another name, or behind days in a row, leaves its effect.
    if (cut || moved || o.findings[0] !== folded[0]) takeLeadEffect(o);
    attachMixRate(ctx, o.findings);
  }
  // A step is stated without the days the report tells as unusual on its series, before any share of its change is
  // read (report/steps-on-their-days.ts, the one restatement both engines use).
  const restated = stepsOnTheirDays(
    outcomes.flatMap((o) => o.findings),
    engineDays(ctx),
    { periodEnd: window.periodEnd, onlyBesideUnusualDays: true },
  );
  for (const o of outcomes)
    if (o.findings.some((f) => restated.has(f))) o.findings = withRestated(o.findings, restated);
  explainTotalsBySegments(ctx, outcomes);
  oneEffectPerChange(outcomes);
  foldMovedWith(outcomes);
  discountTrackingChanges(ctx, outcomes);
  dropSeamFindings(ctx, outcomes);
  // Every metric that moves over time has a chart: the lead segment's series with its expected range.
  for (const o of outcomes) if (o.localised) o.chart = segmentWatchChart(o.findings);
  const ranked = rankOutcomes(ctx, outcomes);
  const narrativeCtx = { currency: project.currency };
  const told = { currency: project.currency, period: { start: window.periodStart, end: window.periodEnd } };
  const report = { tests, threshold };
  const insights: InsightDraft[] = ranked.map((r) => {
    // A cost per result carries what it bought over the same days (report/cost-results.ts), which its sense depends on.
    const priced = { ...r.outcome, findings: withCostResults(ctx, r.outcome.findings) };
    const { findings: narrated, sentences } = narrate(priced, narrativeCtx);
    const findings = parseFindings(narrated.map((f) => withTest(f, report))).map(withTestedLine);
    const intention = r.outcome.intention;
    const effect = statedKpiEffect(ctx, r.outcome) ?? { kpiEffect: null, kpiMetric: null };
    const chart = r.outcome.chart as Record<string, unknown> | null;
    const outcome: InsightOutcome = findings.length > 0 ? { status: "findings" } : { status: "nothing_notable" };
    return {
      intentionKey: intention.key,
      group: r.group,
      funnelStage: intention.stage,
      title: intention.title,
      summary: outcomeSummary(outcome, sentences),
      narration: narrateInsight({ findings, chart: chart as { type: string } | null, ...effect, sentences }, told),
      outcome,
      impact: r.impact,
      ...effect,
      rank: r.rank,
      findings,
      // "No significant results" keeps no findings, but its chart still shows the data looked at.
      chart,
    };
  });
  const byKey = new Map<string, Intention>(intentions.map((i) => [i.key, i]));
  for (const s of skipped) {
    const intention = byKey.get(s.intentionKey)!;
    const outcome: InsightOutcome = { status: "not_run", reason: s.reason, need: s.need };
    insights.push({
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
      rank: insights.length + 1,
      findings: [],
      chart: null,
    });
  }
  return {
    insights,
    skipped,
    tests,
    pThreshold: threshold,
    excludedDays: excludedDays.union(),
    excludedDaysBySource: excludedDays.toRecord(),
    kpi: kpi?.metric ?? null,
  };
}

/** Tests an outcome performed when its analysis did not count them: one per compared series or step. */
function testsOf(o: IntentionOutcome): number {
  if (o.tests !== undefined) return o.tests;
  const a = o.intention.analysis;
  if (a.type === "audit") return 0;
  if (a.type === "funnel") return Math.max(1, a.steps.length - 1);
  return 1;
}

/**
 * The p-value a finding is news at: its own, or for a period's change the season was checked for, that of its part
 * beyond the season's prediction when weaker (the change itself may be mostly the season's).
 */
function newsPValue(f: Finding): number {
  const season = seasonOf(f);
  return typeof season?.pValue === "number" ? Math.max(f.pValue as number, season.pValue) : (f.pValue as number);
}

/**
 * Benjamini-Hochberg over every p-value of the report. A finding without its own p-value (a
 * driver segment) stands or falls with its outcome's tested finding (the total's change).
 */
function controlFalseDiscoveries(outcomes: IntentionOutcome[]): { tests: number; threshold: number } {
  let tests = 0;
  const news: number[] = [];
  const all: number[] = [];
  for (const o of outcomes) {
    if (o.intention.stage === "audit") continue;
    tests += testsOf(o);
    if (o.rankTest) {
      tests += 1;
      all.push(o.rankTest.pValue);
      news.push(o.rankTest.pValue);
    }
    for (const f of o.findings) {
      if (typeof f.pValue !== "number") continue;
      all.push(f.pValue);
      if (!seasonal(f)) news.push(newsPValue(f));
    }
  }
  // News is held to the threshold over the unexpected candidates alone; a finding the season
  // predicts is kept (labelled expected, no impact) when it passes over all of them.
  const threshold = benjaminiHochbergThreshold(news, tests, FDR);
  const expectedThreshold = benjaminiHochbergThreshold(all, tests, FDR);
  const passes = (f: Finding) => {
    if (!seasonal(f) && newsPValue(f) <= threshold) return true;
    // A change beyond the season by less than the news's bar is what the season predicts, as far as the report can
    // tell (season-prediction.ts `expectedAtBar`).
    const season = seasonOf(f);
    if (season && typeof season.pValue === "number" && !season.expected)
      (f as Finding & { season?: FindingSeason }).season = expectedAtBar(season as SeasonPrediction, threshold);
    return seasonal(f) && (f.pValue as number) <= expectedThreshold;
  };
  for (const o of outcomes) o.rankTest?.judged(o.rankTest.pValue <= threshold);
  for (const o of outcomes) {
    if (o.intention.stage === "audit") continue;
    const tested = o.findings.filter((f) => typeof f.pValue === "number");
    if (tested.length === 0) continue;
    const kept = tested.filter(passes);
    if (kept.length === 0) {
      o.findings = [];
      o.kpiEffect = 0;
      o.indirectEffect = 0;
      continue;
    }
    const keep = new Set<Finding>(kept);
    const before = sumAbs(tested);
    o.findings = o.findings.filter((f) => typeof f.pValue !== "number" || keep.has(f));
    if (o.localised) {
      // The segment watch's outcome is its lead finding's effect (segment-watch.ts). The news leads:
      // a segment's seasonal rise, however large, follows another segment's unexpected drop.
      o.findings = [...o.findings.filter((f) => !seasonal(f)), ...o.findings.filter(seasonal)];
      takeLeadEffect(o);
      continue;
    }
    // What the season predicts is not news: an outcome left with only such findings carries no impact.
    if (kept.every(seasonal)) {
      o.kpiEffect = 0;
      o.indirectEffect = 0;
    }
    if (kept.length === tested.length) continue;
    if (before > 0) {
      // The outcome's effect was the sum over its findings: keep the share the kept ones carry.
      const share = sumAbs(kept) / before;
      o.kpiEffect *= share;
      o.indirectEffect *= share;
    }
  }
  return { tests, threshold };
}

/** The findings' part of their outcome's effect: their share where the analysis kept one (trend.ts), else |change|. */
const sumAbs = (fs: Finding[]) => fs.reduce((s, f) => s + (effectShare.get(f) ?? Math.abs(f.change ?? 0)), 0);

import type { AuditCheck, Intention } from "@/lib/insights/intentions";
import { parseFindings, type NullModel } from "@/lib/insights/finding";
import { runAudit } from "../engine/analyses/audit";
import { runCompetition } from "../engine/analyses/competition";
import { runFunnel } from "../engine/analyses/funnel";
import type { EngineContext, IntentionOutcome } from "../engine/types";
import type { Finding as EngineFinding } from "../types";
import { seriesKeyOf, type Candidate } from "../detect/types";
import type { ReportContext } from "./analysis";
import { resultOf, type IntentionResult } from "./intention-result";

// The analyses v3 keeps as they were (issue 56: the funnel, the data-quality audit, the competitor comparison): each
// reads the report's data and returns its findings; those with a p-value of their own become candidates of the
// report's one test, the audit's are rules.

/** The context those analyses read: the data with its unknown days, the data as loaded, the window and the KPI. */
export function keptContext(ctx: ReportContext): EngineContext {
  return {
    data: ctx.cube.data,
    rawData: ctx.input.data,
    segmentDaily: ctx.input.segmentDaily,
    excludedDays: ctx.excludedDays,
    window: ctx.window,
    project: ctx.project,
    kpi: ctx.kpi,
    competition: ctx.input.competition ?? null,
    sameCount: ctx.sameCount,
    frozen: ctx.frozen,
  };
}

function candidatesOf(outcome: IntentionOutcome, model: NullModel): Candidate[] {
  return parseFindings(outcome.findings.filter(tested)).map((finding) => ({
    finding,
    nullModel: model,
    pValue: finding.pValue as number,
    family: 1,
    seriesKey: seriesKeyOf({
      sourceId: "",
      dimension: finding.dimension,
      value: finding.dimensionValue,
      metric: finding.metric,
    }),
  }));
}

const tested = (f: EngineFinding) => typeof f.pValue === "number" && Number.isFinite(f.pValue);

export function answerFunnel(ctx: ReportContext, intention: Intention, steps: readonly string[]): IntentionResult {
  const outcome = runFunnel(keptContext(ctx), intention, steps);
  return resultOf(intention, {
    candidates: candidatesOf(outcome, "funnel_step"),
    tests: Math.max(1, steps.length - 1),
    chart: outcome.chart,
  });
}

/** The audit's checks as v2 runs them; the tracking-gaps check also tells the frozen runs that reach the period. */
export function answerAudit(ctx: ReportContext, intention: Intention, check: AuditCheck): IntentionResult {
  const outcome = runAudit(keptContext(ctx), intention, check);
  return resultOf(intention, {
    rules: parseFindings(outcome.findings),
    chart: outcome.chart,
    severity: outcome.severity,
  });
}

export function answerCompetition(ctx: ReportContext, intention: Intention): IntentionResult | null {
  const outcome = runCompetition(keptContext(ctx), intention);
  if (!outcome) return null;
  // Its figures (keywords, visibility, traffic share) are stated as they are; a visibility move carries its own test.
  return resultOf(intention, {
    candidates: candidatesOf(outcome, "competitor_variation"),
    rules: parseFindings(outcome.findings.filter((f) => !tested(f))),
    chart: outcome.chart,
    tests: outcome.tests ?? 0,
  });
}

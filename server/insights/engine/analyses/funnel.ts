import type { Intention } from "@/lib/insights/intentions";
import type { PartKey } from "../../data/parts";
import { estimatePeriodTotal } from "@/lib/insights/period-estimate";
import { analyzeFunnel, type FunnelStage, type FunnelStepFinding } from "../../detectors/funnel";
import { kpiEffectOf } from "../impact";
import type { EngineContext, IntentionOutcome } from "../types";

/** Step-to-step conversion through the funnel stages the data holds, current against comparison. */
export function runFunnel(ctx: EngineContext, intention: Intention, steps: readonly string[]): IntentionOutcome {
  const w = ctx.window;
  const stages: (FunnelStage & { sourceId: string | null })[] = [];
  // Conversions that are the transactions under another name are one stage: a step between them is 100 % always.
  const same = ctx.sameCount && steps.includes(ctx.sameCount.canonical) ? ctx.sameCount.alias : null;
  for (const metric of steps) {
    if (!ctx.data.hasMetric(metric) || metric === same) continue;
    const curSeries = ctx.data.series(metric, w.periodStart, w.periodEnd);
    const baseSeries = ctx.data.series(metric, w.comparisonStart, w.comparisonEnd);
    const sourceId = ctx.data.sourceFor([metric as PartKey]);
    stages.push({
      metric,
      // Days without data (a tracking gap) count at their weekday's level, not as days nobody came.
      current: estimatePeriodTotal(curSeries).total,
      baseline: estimatePeriodTotal(baseSeries).total,
      currentDaily: curSeries.map((p) => p.value ?? 0),
      baselineDaily: baseSeries.map((p) => p.value ?? 0),
      sourceId,
    });
  }
  // A step is a conversion only between stages of one source: search clicks to analytics
  // sessions divides counts of different things (sessions come from every channel) and would
  // read as a "conversion rate" above 100 %. Such a step is left out; each same-source run of
  // stages is its own funnel.
  const findings: FunnelStepFinding[] = [];
  for (let a = 0; a < stages.length;) {
    let b = a + 1;
    while (b < stages.length && stages[b].sourceId === stages[a].sourceId && !outgrows(stages[b - 1], stages[b])) b++;
    if (b - a >= 2)
      findings.push(...analyzeFunnel(stages.slice(a, b), { periodStart: w.periodStart, periodEnd: w.periodEnd }));
    a = b;
  }
  const significant = findings.filter((f) => f.significant);
  let kpiEffect = 0;
  let indirectEffect = 0;
  for (const f of significant) {
    // The step's rate change, applied to the current volume entering the step, in units of the
    // stage it leads to.
    const from = stages.find((s) => s.metric === f.fromMetric)!;
    const e = kpiEffectOf(ctx, f.metric, (f.change ?? 0) * from.current);
    kpiEffect += e.kpiEffect;
    indirectEffect += e.indirectEffect;
  }
  return {
    intention,
    findings: significant,
    chart: {
      type: "funnel",
      steps: stages.map((s) => ({ metric: s.metric, current: s.current, baseline: s.baseline })),
    },
    kpiEffect,
    indirectEffect,
    severity: 0,
  };
}

/**
 * Steps whose later stage is part of the earlier one (an impression's click, a click's visit, a visit that
 * engaged): each unit of the later stage comes from at most one of the earlier.
 */
const SUBSET_STEPS = new Set(["impressions>clicks", "clicks>sessions", "sessions>engagedSessions"]);

/**
 * A subset step that counts more of the later stage than the earlier one brought is two populations, not a step
 * of one funnel: in an analytics export with the ads' columns, sessions come from every channel and clicks from
 * the paid rows only. Its "3.38 sessions per click" rose to 3.89 because the ads' clicks fell, and the rise was
 * ranked first as thousands of sessions gained. The funnel splits there, as between sources.
 */
function outgrows(from: FunnelStage, to: FunnelStage): boolean {
  return SUBSET_STEPS.has(`${from.metric}>${to.metric}`) && (to.current > from.current || to.baseline > from.baseline);
}

import type { Intention } from "@/lib/insights/intentions";
import type { PartKey } from "../../data/parts";
import { analyzeFunnel, type FunnelStage, type FunnelStepFinding } from "../../detectors/funnel";
import { kpiEffectOf } from "../impact";
import type { EngineContext, IntentionOutcome } from "../types";

/** Step-to-step conversion through the funnel stages the data holds, current against comparison. */
export function runFunnel(ctx: EngineContext, intention: Intention, steps: readonly string[]): IntentionOutcome {
  const w = ctx.window;
  const stages: (FunnelStage & { sourceId: string | null })[] = [];
  for (const metric of steps) {
    if (!ctx.data.hasMetric(metric)) continue;
    const cur = ctx.data.series(metric, w.periodStart, w.periodEnd).map((p) => p.value ?? 0);
    const base = ctx.data.series(metric, w.comparisonStart, w.comparisonEnd).map((p) => p.value ?? 0);
    const sourceId = ctx.data.sourceFor([metric as PartKey]);
    stages.push({ metric, current: sum(cur), baseline: sum(base), currentDaily: cur, baselineDaily: base, sourceId });
  }
  // A step is a conversion only between stages of one source: search clicks to analytics
  // sessions divides counts of different things (sessions come from every channel) and would
  // read as a "conversion rate" above 100 %. Such a step is left out; each same-source run of
  // stages is its own funnel.
  const findings: FunnelStepFinding[] = [];
  for (let a = 0; a < stages.length;) {
    let b = a + 1;
    while (b < stages.length && stages[b].sourceId === stages[a].sourceId) b++;
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

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

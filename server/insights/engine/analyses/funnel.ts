import type { Intention } from "@/lib/insights/intentions";
import { analyzeFunnel, type FunnelStage } from "../../detectors/funnel";
import { kpiEffectOf } from "../impact";
import type { EngineContext, IntentionOutcome } from "../types";

/** Step-to-step conversion through the funnel stages the data holds, current against comparison. */
export function runFunnel(ctx: EngineContext, intention: Intention, steps: readonly string[]): IntentionOutcome {
  const w = ctx.window;
  const stages: FunnelStage[] = [];
  for (const metric of steps) {
    if (!ctx.data.hasMetric(metric)) continue;
    const cur = ctx.data.series(metric, w.periodStart, w.periodEnd).map((p) => p.value ?? 0);
    const base = ctx.data.series(metric, w.comparisonStart, w.comparisonEnd).map((p) => p.value ?? 0);
    stages.push({ metric, current: sum(cur), baseline: sum(base), currentDaily: cur, baselineDaily: base });
  }
  const findings =
    stages.length >= 2 ? analyzeFunnel(stages, { periodStart: w.periodStart, periodEnd: w.periodEnd }) : [];
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

import type { Intention } from "@/lib/insights/intentions";
import { metricDefinition } from "@/lib/insights/metrics";
import { periodChange } from "../../detectors/period-change";
import { kpiEffectOf } from "../impact";
import type { EngineContext, IntentionOutcome } from "../types";
import { round } from "./anomalies";

/** Period-over-period change of a metric's total, tested on its daily values. */
export function runChange(ctx: EngineContext, intention: Intention, metric: string): IntentionOutcome {
  const w = ctx.window;
  const current = ctx.data.series(metric, w.periodStart, w.periodEnd);
  const baseline = ctx.data.series(metric, w.comparisonStart, w.comparisonEnd);
  const finding = periodChange(current, baseline, { metric, periodStart: w.periodStart, periodEnd: w.periodEnd });
  const effect = finding.significant ? kpiEffectOf(ctx, metric, finding.change) : { kpiEffect: 0, indirectEffect: 0 };
  return {
    intention,
    findings: finding.significant ? [finding] : [],
    chart: {
      type: "series",
      metric,
      unit: metricDefinition(metric).unit,
      points: current.map((p) => ({ date: p.date, value: round(p.value) })),
    },
    ...effect,
    severity: 0,
  };
}

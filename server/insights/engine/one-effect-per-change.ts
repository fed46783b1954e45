import { metricDefinition } from "@/lib/insights/metrics";
import { takeBreakdownEffect, type Explanation } from "./explain-by-segment";
import type { Finding } from "../types";
import type { Chart, IntentionOutcome } from "./types";

// One period's change of a metric, broken down by several dimensions (sessions by channel, by device, by country), is
// one change. Each breakdown carries it to the KPI at its own segments' rates (impact.ts, `breakdownKpiEffect`), so a
// decline of Organic Search's visits over two months (4,807 fewer sessions, 98 % of them Organic Search's) read
// "Estimated effect over the period: -$5,740.51 revenue" by channel and "-$6,872.98" by device, whose two segments
// each lost their share and were valued at their average rates. Where a segment's own finding explains the total, the
// breakdown by its dimension already gives the others its effect (explain-by-segment.ts, `countedAtItsOwnRates`); a
// change no segment finding explains (a slow decline has no step) takes the effect of the breakdown that localises it.

type Contributions = Extract<Chart, { type: "contributions" }>;

/** Gives every breakdown of one additive total the effect of the breakdown whose segments localise its change. */
export function oneEffectPerChange(outcomes: readonly IntentionOutcome[]): void {
  const groups = new Map<string, IntentionOutcome[]>();
  for (const o of outcomes) {
    const total = o.findings[0];
    const chart = o.chart;
    if (o.intention.analysis.type !== "drivers" || !total || total.kind !== "change" || total.dimension !== null)
      continue;
    if (chart?.type !== "contributions" || metricDefinition(total.metric).kind === "ratio") continue;
    const key = [total.metric, total.current, total.baseline, (total as { scope?: string }).scope ?? ""].join("|");
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  for (const group of groups.values()) {
    if (group.length < 2 || group.every((o) => o.kpiEffect === group[0].kpiEffect)) continue;
    // Where a segment finding explained the total, its dimension's breakdown gave the others its effect already.
    if (group.some((o) => (o.findings[0] as Finding & { explainedBy?: Explanation }).explainedBy)) continue;
    let best = group[0];
    for (const o of group)
      if (localisation(o.chart as Contributions) > localisation(best.chart as Contributions)) best = o;
    for (const o of group) if (o !== best) takeBreakdownEffect(o, best);
  }
}

/**
 * How far the segments' contributions are from each taking its share of the change (its share of the comparison
 * period), as a fraction of the change: 0 when every segment moved in proportion (a decline spread over the devices),
 * near 1 or more when a few segments hold it (one channel's).
 */
export function localisation(chart: Contributions): number {
  const { totalBaseline, totalChange } = chart;
  if (!totalBaseline || !totalChange) return 0;
  let away = 0;
  let listed = 0;
  for (const s of chart.segments) {
    const baseline = s.baseline ?? 0;
    listed += baseline;
    away += Math.abs(s.contribution - (totalChange * baseline) / totalBaseline);
  }
  away += Math.abs(chart.otherContribution - (totalChange * (totalBaseline - listed)) / totalBaseline);
  return away / Math.abs(totalChange);
}

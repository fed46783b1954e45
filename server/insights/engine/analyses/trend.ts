import type { Intention } from "@/lib/insights/intentions";
import { metricDefinition } from "@/lib/insights/metrics";
import { detectChangePoints } from "../../detectors/change-points";
import { addDays, dayNumber } from "@/lib/dates";
import { kpiEffectOf } from "../impact";
import type { EngineContext, IntentionOutcome } from "../types";
import { round } from "./anomalies";

const MAX_CHART_POINTS = 400;

/**
 * Level shifts and trend changes dated inside the period. The series starts before the period
 * (twice its length, at least 8 weeks, within the chart's 400 points) so the level before a change
 * is known.
 */
export function runTrend(ctx: EngineContext, intention: Intention, metric: string): IntentionOutcome {
  const w = ctx.window;
  const lookback = Math.max(56, Math.min(2 * w.periodDays, MAX_CHART_POINTS - w.periodDays));
  const from = addDays(w.periodStart, -lookback) < w.historyStart ? w.historyStart : addDays(w.periodStart, -lookback);
  const series = ctx.data.series(metric, from, w.periodEnd);
  const found = detectChangePoints(series, { metric }).filter((f) => f.date >= w.periodStart && f.date <= w.periodEnd);
  const end = dayNumber(w.periodEnd);
  let delta = 0;
  for (const f of found) {
    const days = end - dayNumber(f.date) + 1;
    // A level shift moves every later day by `change`; a slope change adds change × t on day t.
    delta += f.kind === "level_shift" ? f.change * days : (f.change * days * (days + 1)) / 2;
  }
  const effect = kpiEffectOf(ctx, metric, delta);
  const points = series.length > MAX_CHART_POINTS ? series.slice(series.length - MAX_CHART_POINTS) : series;
  return {
    intention,
    findings: found,
    chart: {
      type: "series",
      metric,
      unit: metricDefinition(metric).unit,
      points: points.map((p) => ({ date: p.date, value: round(p.value) })),
      marks: found.map((f) => ({ date: f.date, kind: f.kind })),
    },
    kpiEffect: effect.kpiEffect,
    indirectEffect: effect.indirectEffect,
    severity: 0,
  };
}

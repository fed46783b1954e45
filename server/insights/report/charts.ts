import { metricDefinition } from "@/lib/insights/metrics";
import type { Finding } from "@/lib/insights/finding";
import type { Chart } from "../engine/types";
import { expectedAt } from "../model/decompose";
import type { ReportContext, SeriesAnalysis } from "./analysis";

// The charts an insight stores: a series with the model's expected value and range each period (the same numbers its
// findings were judged by), or a breakdown's contributions. Built from the analysis, never recomputed elsewhere.

/** Periods a series chart shows at most before the report's period (context for the level it left). */
const CONTEXT_PERIODS = { day: 28, week: 12, month: 12 } as const;

const round = (v: number | null) => (v === null || !Number.isFinite(v) ? null : Math.round(v * 1000) / 1000);

export type ChartPoint = {
  date: string;
  value: number | null;
  expected: number | null;
  low: number | null;
  high: number | null;
};

/**
 * A series chart of an analysed series from a little before the period to its end, its findings' dates marked. Its
 * points are drawn once per model in a report (`ctx.chartPoints`): a total's unusual days and its trend show the same.
 */
export function seriesChart(
  ctx: Pick<ReportContext, "window" | "chartPoints">,
  analysis: SeriesAnalysis,
  findings: readonly Finding[] = [],
): Chart {
  const { series, model } = analysis;
  const periodStart = ctx.window.periodStart;
  const start = Math.max(0, series.dates.findIndex((d) => d >= periodStart) - CONTEXT_PERIODS[series.grain]);
  const drawn = ctx.chartPoints.get(model);
  const points: ChartPoint[] =
    drawn ??
    series.dates.slice(start).map((date, k) => {
      const i = start + k;
      const value = Number.isFinite(series.values[i]) ? series.values[i] : null;
      const range = expectedAt(model, i);
      return {
        date,
        value: round(value),
        expected: round(range?.expected ?? null),
        low: round(range?.low ?? null),
        high: round(range?.high ?? null),
      };
    });
  if (!drawn) ctx.chartPoints.set(model, points);
  const marks = findings.flatMap((f) => {
    const date = (f as { date?: string }).date ?? f.periodStart;
    return f.kind === "anomaly" || f.kind === "level_shift" || f.kind === "trend" ? [{ date, kind: f.kind }] : [];
  });
  return {
    type: "series",
    metric: series.metric,
    unit: metricDefinition(series.metric).unit,
    ...(series.dimension ? { dimension: series.dimension, dimensionValue: series.value ?? "" } : {}),
    points: points.map((p) => ({ ...p })),
    ...(marks.length ? { marks } : {}),
    ...(start < series.dates.indexOf(periodStart) ? { periodStart } : {}),
  };
}

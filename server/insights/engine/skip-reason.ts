import type { Intention } from "@/lib/insights/intentions";
import { metricDefinition } from "@/lib/insights/metrics";
import { dayNumber } from "@/lib/dates";
import type { EngineContext } from "./types";

// Why an intention is not run, in words a report reader understands: a detector that needs more
// history than the project has, or a metric that needs a source the project has not connected.
// "not_applicable" (the site's data simply does not have that kind of metric) is left out silently,
// as before.

/** Days before the period the seasonal baseline needs: 4 weeks of level plus 3 weeks of errors. */
export const ANOMALY_HISTORY_DAYS = 49;
/** Days before the period a level shift needs to have a level before it. */
export const TREND_HISTORY_DAYS = 28;

const AD_METRICS = new Set(["cost", "cpc", "cpa", "roas"]);

export function skipReason(ctx: EngineContext, intention: Intention): string | null | "not_applicable" {
  const data = ctx.data;
  const missing = intention.metrics.filter((m) => !data.hasMetric(m));
  const missingDims = intention.dimensions.filter((d) => !data.hasDimension(d));
  if (missing.length > 0 || missingDims.length > 0) {
    if (intention.metrics.some((m) => AD_METRICS.has(m)) && missing.some((m) => AD_METRICS.has(m) || m === "revenue"))
      return `Skipped: ${metricDefinition(intention.analysis.type === "drivers" ? intention.analysis.metric : intention.metrics[0]).label.toLowerCase()} needs advertising data — connect Google Ads (or upload ad cost with the conversions and conversion value attributed to each paid campaign).`;
    return "not_applicable";
  }
  const before = historyBefore(ctx);
  const a = intention.analysis;
  if ((a.type === "anomalies" || a.type === "segments") && before < ANOMALY_HISTORY_DAYS)
    return `Skipped: finding unusual days needs ${ANOMALY_HISTORY_DAYS} days of data before the period to learn the weekly pattern; this project has ${before}.`;
  if (a.type === "trend" && before < TREND_HISTORY_DAYS)
    return `Skipped: finding level shifts needs ${TREND_HISTORY_DAYS} days of data before the period; this project has ${before}.`;
  if ((a.type === "change" || a.type === "drivers" || a.type === "funnel") && !hasComparison(ctx, intention))
    return `Skipped: the comparison period (${ctx.window.comparisonStart} to ${ctx.window.comparisonEnd}) has no data to compare with.`;
  return null;
}

function historyBefore(ctx: EngineContext): number {
  const period = dayNumber(ctx.window.periodEnd) - dayNumber(ctx.window.periodStart) + 1;
  return Math.max(0, ctx.data.historyDays() - period);
}

function hasComparison(ctx: EngineContext, intention: Intention): boolean {
  const metric = intention.metrics[0];
  if (!metric) return true;
  const { baseline } = ctx.data.periodTotals(metric);
  return baseline !== null;
}

import type { Intention } from "@/lib/insights/intentions";
import { metricDefinition } from "@/lib/insights/metrics";
import { dayNumber } from "@/lib/dates";
import { formatDate } from "../narrative";
import type { EngineContext } from "./types";

// Why an intention is not run, in words a report reader understands: a detector that needs more
// history than the project has, or a metric that needs a source the project has not connected.
// "not_applicable" (the site's data simply does not have that kind of metric) is left out silently,
// as before.

/**
 * Days before the period the forecast of the site's totals needs (4 weeks of level plus 3 weeks of errors); with
 * less, the totals' days are judged from both sides (two-sided-baseline.ts), as the segments' always are.
 */
export const FORECAST_HISTORY_DAYS = 49;
/**
 * Days of data a day can be judged with at all, from both sides: several weeks of each weekday's ratio and the
 * day-to-day noise of the rest; the segments are watched from as many days (segment-watch.ts).
 */
export const UNUSUAL_DAYS_MIN_DATA = 42;
/** Days of data a level shift or a slope change needs: a week or more on each side of it and the noise. */
export const CHANGE_POINT_MIN_DATA = 28;

const AD_METRICS = new Set(["cost", "cpc", "cpa", "roas"]);

export function skipReason(ctx: EngineContext, intention: Intention): string | null | "not_applicable" {
  const data = ctx.data;
  const missing = intention.metrics.filter((m) => !data.hasMetric(m));
  const missingDims = intention.dimensions.filter((d) => !data.hasDimension(d));
  if (missing.length > 0 || missingDims.length > 0) {
    if (intention.metrics.some((m) => AD_METRICS.has(m)) && missing.some((m) => AD_METRICS.has(m) || m === "revenue")) {
      const what =
        intention.stage === "audit"
          ? "this check"
          : metricDefinition(
              intention.analysis.type === "drivers" ? intention.analysis.metric : intention.metrics[0],
            ).label.toLowerCase();
      return `Skipped: ${what} needs advertising data — connect Google Ads (or upload ad cost with the conversions and conversion value attributed to each paid campaign).`;
    }
    return "not_applicable";
  }
  const days = ctx.data.historyDays();
  const a = intention.analysis;
  if ((a.type === "anomalies" || a.type === "segments") && days < UNUSUAL_DAYS_MIN_DATA)
    return a.type === "segments" && a.view === "level_shifts"
      ? `Skipped: watching each segment for level shifts needs ${UNUSUAL_DAYS_MIN_DATA} days of data to learn its weekly pattern; this project has ${days}.`
      : `Skipped: finding unusual days needs ${UNUSUAL_DAYS_MIN_DATA} days of data to learn the weekly pattern; this project has ${days}.`;
  if (a.type === "trend" && days < CHANGE_POINT_MIN_DATA)
    return `Skipped: finding level shifts needs ${CHANGE_POINT_MIN_DATA} days of data; this project has ${days}.`;
  if ((a.type === "change" || a.type === "drivers" || a.type === "funnel") && !hasComparison(ctx, intention))
    return `Skipped: the comparison period (${formatDate(ctx.window.comparisonStart)} to ${formatDate(ctx.window.comparisonEnd)}) has no data to compare with.`;
  return null;
}

/** Days of data the project has before the report period. */
export function historyBefore(ctx: EngineContext): number {
  const period = dayNumber(ctx.window.periodEnd) - dayNumber(ctx.window.periodStart) + 1;
  return Math.max(0, ctx.data.historyDays() - period);
}

function hasComparison(ctx: EngineContext, intention: Intention): boolean {
  const metric = intention.metrics[0];
  if (!metric) return true;
  const { baseline } = ctx.data.periodTotals(metric);
  return baseline !== null;
}

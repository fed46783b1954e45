import { metricDefinition } from "@/lib/insights/metrics";
import type { ChangeFinding } from "../../detectors/period-change";
import { addDays } from "@/lib/dates";
import { SEASON_YEAR_DAYS, seasonPrediction, type SeasonPrediction } from "../../stats/season-prediction";
import type { EngineContext } from "../types";

// A period's change against the season (stats/season-prediction.ts), from the report's own data a year earlier.
// Weekly seasonality is already out of the test (its weekday terms, period-change.ts).

export type SeasonalExpectation = SeasonPrediction;

export function seasonalExpectation(
  ctx: EngineContext,
  metric: string,
  finding: ChangeFinding,
  /** The source whose days the change was tested on (a breakdown's); the metric's own by default. */
  sourceId?: string,
): SeasonalExpectation | null {
  const w = ctx.window;
  if (w.compareTo !== "previous_period" || metricDefinition(metric).kind !== "additive") return null;
  const total = (from: string, to: string) => {
    const points = ctx.data.series(metric, addDays(from, -SEASON_YEAR_DAYS), addDays(to, -SEASON_YEAR_DAYS), sourceId);
    // Every day must be known a year ago: a partial year would fake a seasonal move.
    if (points.some((p) => p.value === null)) return null;
    return points.reduce((s, p) => s + p.value!, 0);
  };
  return seasonPrediction(finding, {
    current: total(w.periodStart, w.periodEnd),
    baseline: total(w.comparisonStart, w.comparisonEnd),
  });
}

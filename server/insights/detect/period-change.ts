import type { FindingOf } from "@/lib/insights/finding";
import type { CubeSeries } from "../data/cube";
import type { ReportWindow } from "../data/window";
import { periodChange, type WeightedPoint } from "../detectors/period-change";
import { seriesKeyOf, type Candidate } from "./types";

// A metric's period against its comparison period: the periods' values in a regression with weekday effects (on a
// daily source; a weekly or monthly source compares its weeks or months, Welch's t), tested on δ, the period's shift
// (detectors/period-change.ts, kept as it was). The finding's totals are the data's sums (a ratio's, its parts'
// ratio); the range is where the current total falls when nothing changed.

/** The points of a series over [from, to] (its periods starting there), a ratio's weighted by its denominator. */
function pointsOf(series: CubeSeries, from: string, to: string, yearly?: (date: string) => number): WeightedPoint[] {
  const out: WeightedPoint[] = [];
  series.dates.forEach((date, i) => {
    if (date < from || date > to) return;
    const v = series.values[i];
    const y = yearly ? yearly(date) : 1;
    const value = Number.isFinite(v) ? v / y : null;
    out.push(series.weights ? { date, value, weight: series.weights[i] } : { date, value });
  });
  return out;
}

export interface PeriodTotals {
  current: number;
  baseline: number;
}

/**
 * The period change of a series (one test). `totals` are the figures to state (a ratio's summed parts, an ad metric's
 * paid campaigns'); without them, the test's own sums. `yearly`: the season the test reads the days through, so what
 * the same weeks did a year earlier is not news.
 */
export function detectPeriodChange(
  series: CubeSeries,
  window: ReportWindow,
  options: { totals?: PeriodTotals | null; yearly?: (date: string) => number; dimension?: string | null } = {},
): Candidate | null {
  const current = pointsOf(series, window.periodStart, window.periodEnd, options.yearly);
  const baseline = pointsOf(series, window.comparisonStart, window.comparisonEnd, options.yearly);
  if (current.every((p) => p.value === null) || baseline.every((p) => p.value === null)) return null;
  const tested = periodChange(current, baseline, {
    metric: series.metric,
    periodStart: window.periodStart,
    periodEnd: window.periodEnd,
    dimension: options.dimension ?? series.dimension,
    dimensionValue: series.value,
  });
  if (tested.pValue === null) return null;
  const totals = options.totals ?? { current: tested.current, baseline: tested.baseline };
  // The range keeps its relative width about the stated baseline (the test's sums may be the season-adjusted ones).
  const scale = tested.baseline ? totals.baseline / tested.baseline : 1;
  const change = totals.current - totals.baseline;
  const low = tested.expectedLow === null ? null : tested.expectedLow * scale;
  const high = tested.expectedHigh === null ? null : tested.expectedHigh * scale;
  const finding: FindingOf<"change"> = {
    ...tested,
    kind: "change",
    current: totals.current,
    baseline: totals.baseline,
    change,
    changePct: totals.baseline ? change / Math.abs(totals.baseline) : null,
    expectedLow: low !== null && high !== null ? Math.min(low, high) : null,
    expectedHigh: low !== null && high !== null ? Math.max(low, high) : null,
    direction: change > 0 ? "up" : change < 0 ? "down" : null,
    pValue: tested.pValue,
    grain: series.grain,
  };
  // The daily effect's sign and the totals' can part for a ratio (a weak day with many sessions): not the test's move.
  if (Math.sign(tested.dailyEffect) !== Math.sign(change)) return null;
  return { finding, nullModel: "period_change", pValue: tested.pValue, family: 1, seriesKey: seriesKeyOf(series) };
}

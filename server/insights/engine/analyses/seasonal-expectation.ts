import { metricDefinition } from "@/lib/insights/metrics";
import type { ChangeFinding } from "../../detectors/period-change";
import { addDays } from "@/lib/dates";
import type { EngineContext } from "../types";

// Expected seasonality is not news. A period compared with the one before it (not with last
// year) moves with the season — December against November — and that move is expected. When the
// data has the same two periods a year earlier (364 days: the same weekdays), last year's ratio
// between them is the season's prediction: expected current = baseline × (last year's current /
// last year's baseline). Weekly seasonality is already out of the test (its weekday terms,
// period-change.ts). A change inside its own confidence interval around that prediction is
// labelled expected.

export interface SeasonalExpectation {
  /** The current total the season predicts. */
  expectedCurrent: number;
  /** Last year's change between the same two periods (fraction). */
  lastYearChangePct: number;
  /** True when the change is within its confidence interval around the seasonal prediction. */
  expected: boolean;
}

const YEAR = 364;

export function seasonalExpectation(
  ctx: EngineContext,
  metric: string,
  finding: ChangeFinding,
): SeasonalExpectation | null {
  const w = ctx.window;
  if (w.compareTo !== "previous_period" || metricDefinition(metric).kind !== "additive") return null;
  const total = (from: string, to: string) => {
    const points = ctx.data.series(metric, addDays(from, -YEAR), addDays(to, -YEAR));
    // Every day must be known a year ago: a partial year would fake a seasonal move.
    if (points.some((p) => p.value === null)) return null;
    return points.reduce((s, p) => s + p.value!, 0);
  };
  const lastCurrent = total(w.periodStart, w.periodEnd);
  const lastBaseline = total(w.comparisonStart, w.comparisonEnd);
  if (lastCurrent === null || lastBaseline === null || !(lastBaseline > 0) || !(lastCurrent > 0)) return null;
  const ratio = lastCurrent / lastBaseline;
  const expectedCurrent = finding.baseline * ratio;
  const halfWidth =
    finding.expectedHigh !== null ? finding.expectedHigh - finding.baseline : Math.abs(finding.change) / 2;
  return {
    expectedCurrent,
    lastYearChangePct: ratio - 1,
    expected: Math.abs(finding.current - expectedCurrent) <= halfWidth,
  };
}

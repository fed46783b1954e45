import type { Intention } from "@/lib/insights/intentions";
import { metricDefinition } from "@/lib/insights/metrics";
import { periodChange, type ChangeFinding } from "../../detectors/period-change";
import { directionOf, relativeChange } from "../../types";
import { kpiEffectOf, totalKpiEffect } from "../impact";
import type { EngineContext, IntentionOutcome } from "../types";
import { seasonalExpectation } from "./seasonal-expectation";
import { round } from "./anomalies";
import { MAX_CHART_POINTS } from "./total-change-points";
import { addDays } from "@/lib/dates";
import { metricParts } from "../../data/project-data";
import { totalChangeFields } from "./total-factors";

/** Period-over-period change of a metric's total, tested on its daily values. */
export function runChange(ctx: EngineContext, intention: Intention, metric: string): IntentionOutcome {
  const w = ctx.window;
  // A ratio's days weigh by their denominator (period-change.ts), so its level is the rate of the summed parts.
  const current = ctx.data.weightedSeries(metric, w.periodStart, w.periodEnd);
  const baseline = ctx.data.weightedSeries(metric, w.comparisonStart, w.comparisonEnd);
  // The chart shows the comparison period before the period when it runs into it (the previous period), so the change
  // is drawn; a comparison a year back is not drawn (a year of days between).
  const adjacent =
    addDays(w.comparisonEnd, 1) === w.periodStart && current.length + baseline.length <= MAX_CHART_POINTS;
  const charted = adjacent ? [...baseline, ...current] : current;
  const tested = periodChange(current, baseline, { metric, periodStart: w.periodStart, periodEnd: w.periodEnd });
  const change = metricDefinition(metric).kind === "ratio" ? asRate(ctx, metric, tested) : tested;
  const season = change.significant ? seasonalExpectation(ctx, metric, change) : null;
  // A change the season predicts is not news: kept, labelled expected, and given no impact so it
  // ranks below every insight; otherwise only the part the season does not explain counts.
  const unexpected = season ? change.current - season.expectedCurrent : change.change;
  const effect =
    change.significant && !season?.expected
      ? kpiEffectOf(ctx, metric, unexpected)
      : { kpiEffect: 0, indirectEffect: 0 };
  // The effect is stated where it is the whole change's; beside a season it is only the unexpected part's.
  // Why it moved, where an identity makes it (clicks = impressions × CTR), and what data it was read from.
  const fields = change.significant
    ? totalChangeFields(ctx, metric, change, ctx.data.sourceFor(metricParts(metric)))
    : {};
  const finding = season
    ? { ...change, ...fields, season }
    : { ...change, ...fields, ...totalKpiEffect(ctx, metric, effect) };
  return {
    intention,
    findings: change.significant ? [finding] : [],
    chart: {
      type: "series",
      metric,
      unit: metricDefinition(metric).unit,
      points: charted.map((p) => ({ date: p.date, value: round(p.value) })),
    },
    ...effect,
    severity: 0,
  };
}

/**
 * A ratio's change as the rate of its summed parts: the test runs on the daily rates (weighted by their denominator),
 * whose sum is no figure to report. Summed, an average order value of €74 read "€2,228.80" and its fall "−€657,854.76
 * revenue" (30 days of it). The test's expected range keeps its relative width around the rate of the parts.
 */
function asRate(ctx: EngineContext, metric: string, tested: ChangeFinding): ChangeFinding {
  const { current, baseline } = ctx.data.periodTotals(metric);
  if (current === null || baseline === null) return tested;
  const rescale = (bound: number | null) =>
    bound !== null && tested.baseline ? (baseline * bound) / tested.baseline : null;
  const change = current - baseline;
  return {
    ...tested,
    // The days' rates and the parts' rate can part ways (a weak day with many sessions): a move the test did not find
    // the same way is not the test's.
    significant: tested.significant && Math.sign(change) === Math.sign(tested.dailyEffect ?? change),
    current,
    baseline,
    change,
    changePct: relativeChange(current, baseline),
    direction: directionOf(change),
    expectedLow: rescale(tested.expectedLow),
    expectedHigh: rescale(tested.expectedHigh),
  };
}

import { directionOf } from "../../types";
import { AD_METRICS } from "@/lib/insights/ad-metrics";
import type { Intention } from "@/lib/insights/intentions";
import { metricDefinition, type Dimension } from "@/lib/insights/metrics";
import { metricParts } from "../../data/project-data";
import { PART_INDEX } from "../../data/parts";
import { isPaidCampaign } from "../../data/paid-campaign";
import { additiveDrivers, ratioDrivers, type DriverAnalysis } from "../../detectors/drivers";
import { periodChange } from "../../detectors/period-change";
import { breakdownKpiEffect, kpiEffectOf, totalKpiEffect } from "../impact";
import { seasonalExpectation } from "./seasonal-expectation";
import type { Chart, EngineContext, IntentionOutcome } from "../types";
import { totalChangeFields } from "./total-factors";

const MAX_DRIVERS = 5;

const CHART_SEGMENTS = 10;

/**
 * Which dimension values drove the change of a metric. The change of the total is tested first
 * (period-change.ts, on the daily values of the same source the breakdown reads); only a
 * significant change has drivers worth reporting. Ratios are decomposed by shift-share from their
 * summed parts, never from averaged segment rates.
 */
export function runDrivers(
  ctx: EngineContext,
  intention: Intention,
  metric: string,
  dimension: Dimension,
): IntentionOutcome | null {
  const w = ctx.window;
  const loaded = ctx.data.segments(metric, dimension);
  if (!loaded) return null;
  const split =
    AD_METRICS.has(metric) && dimension === "campaign"
      ? { ...loaded, segments: loaded.segments.filter(isPaidCampaign) }
      : loaded;
  const def = metricDefinition(metric);
  const parts = metricParts(def);
  const [n, d] = parts.map((p) => PART_INDEX[p]);
  const value = (v: (number | null)[] | null, i: number) => (v ? (v[i] ?? 0) : 0);
  const options = { metric, dimension, periodStart: w.periodStart, periodEnd: w.periodEnd };
  let analysis: DriverAnalysis | null;
  if (def.kind === "ratio") {
    analysis = ratioDrivers(
      split.segments.map((s) => ({
        value: s.value,
        currentNumerator: value(s.current, n),
        currentDenominator: value(s.current, d),
        baselineNumerator: value(s.baseline, n),
        baselineDenominator: value(s.baseline, d),
      })),
      options,
    );
  } else {
    analysis = additiveDrivers(
      split.segments.map((s) => ({ value: s.value, current: value(s.current, n), baseline: value(s.baseline, n) })),
      options,
    );
  }
  if (!analysis) return { intention, findings: [], chart: null, kpiEffect: 0, indirectEffect: 0, severity: 0 };

  // A ratio's days weigh by their denominator (period-change.ts). An ad metric over the paid campaigns alone is tested
  // on the paid campaigns' days, when the loader read them.
  const paidDays = split !== loaded && ctx.data.hasPaidCampaignDays(split.sourceId);
  const daily = (from: string, to: string) =>
    (paidDays ? ctx.data.paidWeightedSeries(metric, from, to, split.sourceId) : null) ??
    ctx.data.weightedSeries(metric, from, to, split.sourceId);
  const total = periodChange(daily(w.periodStart, w.periodEnd), daily(w.comparisonStart, w.comparisonEnd), {
    metric,
    periodStart: w.periodStart,
    periodEnd: w.periodEnd,
    dimension,
  });
  // For a ratio, the test above is on daily rates; report the rate of the summed parts.
  // The test's expected range is in summed daily values; for a ratio, carry its relative width over
  // to the rate of the summed parts, so the range and the rate are in the same units.
  const rescale = (bound: number | null) =>
    def.kind === "ratio" && bound !== null && total.baseline
      ? (analysis.totalBaseline * bound) / total.baseline
      : bound;
  // Without the paid campaigns' days (data not read from the store), the daily test reads the source's whole series;
  // when rows that are no campaigns were left out of an ad metric and carried any of its parts, that series is not
  // the reported quantity: the change stands only if the test moved the same way as the paid campaigns' own totals.
  // (A set, not `includes`: a dimension can hold thousands of values, and n² lookups were the engine's costliest line.)
  const kept = split === loaded ? null : new Set(split.segments);
  const leftOut = kept ? loaded.segments.filter((s) => !kept.has(s)) : [];
  const leftOutCarries = leftOut.some((s) =>
    parts.some((p) => value(s.current, PART_INDEX[p]) || value(s.baseline, PART_INDEX[p])),
  );
  const direction = directionOf(analysis.totalChange);
  const significant = total.significant && (paidDays || !leftOutCarries || total.direction === direction);
  const change = {
    ...total,
    significant,
    direction,
    current: analysis.totalCurrent,
    baseline: analysis.totalBaseline,
    change: analysis.totalChange,
    changePct: analysis.totalBaseline ? analysis.totalChange / Math.abs(analysis.totalBaseline) : null,
    expectedLow: rescale(total.expectedLow),
    expectedHigh: rescale(total.expectedHigh),
  };
  const chart: Chart = {
    type: "contributions",
    metric,
    unit: def.unit,
    dimension,
    totalCurrent: analysis.totalCurrent,
    totalBaseline: analysis.totalBaseline,
    totalChange: analysis.totalChange,
    segments: analysis.leading(CHART_SEGMENTS).map((s) => ({
      value: s.dimensionValue,
      current: s.current,
      baseline: s.baseline,
      contribution: s.contribution,
    })),
    otherContribution: analysis.contributionAfter(CHART_SEGMENTS),
  };
  const drivers = analysis.topDriverFindings().slice(0, MAX_DRIVERS);
  if (!significant || drivers.length === 0)
    return { intention, findings: [], chart, kpiEffect: 0, indirectEffect: 0, severity: 0 };

  const denominatorCurrent = def.kind === "ratio" ? split.segments.reduce((s, x) => s + value(x.current, d), 0) : null;
  // The season's prediction, as for the total's own change (change.ts): a move the same weeks made last year is
  // labelled expected and carries no impact; otherwise only the part the season does not explain counts. The paid
  // campaigns alone have no year-ago series of their own.
  const season = split === loaded ? seasonalExpectation(ctx, metric, change, split.sourceId) : null;
  // A metric with no path to the KPI is weighed by its relative change: of the quantity reported (paid
  // campaigns' cost per conversion), not of the source's whole total (its cost over every conversion).
  const delta = season ? change.current - season.expectedCurrent : analysis.totalChange;
  // A rate that reaches the KPI counts the segments' own rates only: the part of its change from traffic moving between
  // segments is the KPI the moved traffic brought or took at those rates, which the segments' own traffic findings
  // carry (segment-watch.ts, at each segment's rate). Counted here too, a conversion rate that fell because a channel
  // converting at 0.4 % quadrupled read as "−415 leads" in a period whose leads rose. A cost or a return on spend is
  // ranked by its whole move.
  const ownRates =
    def.kind === "ratio" && def.higherIsBetter && analysis.performanceChange !== null && !AD_METRICS.has(metric)
      ? analysis.performanceChange
      : null;
  const rateDelta = ownRates ?? delta;
  const byOwnRates = ownRates !== null && Math.abs(ownRates) < 0.5 * Math.abs(analysis.totalChange);
  // An additive metric's segments each carry the KPI at their own rate (a channel's sessions bring its own leads).
  const effect = season?.expected
    ? { kpiEffect: 0, indirectEffect: 0 }
    : def.kind === "ratio"
      ? kpiEffectOf(ctx, metric, rateDelta, denominatorCurrent, analysis.totalBaseline)
      : breakdownKpiEffect(
          ctx,
          metric,
          delta,
          analysis.totalChange,
          split.segments.map((s) => ({
            segment: { sourceId: split.sourceId, dimension, value: s.value },
            change: value(s.current, n) - value(s.baseline, n),
          })),
          analysis.totalBaseline,
        );
  // The breakdown read another source than the one the metric's total comes from (revenue by campaign
  // from an ads export, beside the analytics' whole-site revenue): its total is that source's, and says so.
  const own = ctx.data.sourceFor(parts);
  const scope = own !== null && own !== split.sourceId ? ctx.project.sourceNames?.[split.sourceId] : undefined;
  return {
    intention,
    findings: [
      {
        ...change,
        dimension: null,
        ...(scope ? { scope } : {}),
        // Why the total moved, where an identity makes it (cost = clicks × CPC), over the segments the breakdown read.
        ...totalChangeFields(ctx, metric, change, split.sourceId, split.segments),
        // Beside a season the effect is only the unexpected part's, not the whole change's: not stated as it.
        ...(season ? { season } : totalKpiEffect(ctx, metric, effect)),
        // The same change at the site's rate, where the segments' own rates told another effect.
        ...(!season && "atSiteRate" in effect && effect.atSiteRate !== undefined && effect.kpiEffect
          ? { kpiAtSiteRate: effect.atSiteRate }
          : {}),
        // Most of the rate's move came from the traffic mix: its stated effect is the segments' own rates' part.
        ...(byOwnRates ? { effectByOwnRates: dimension } : {}),
      },
      ...drivers,
    ],
    chart,
    kpiEffect: effect.kpiEffect,
    indirectEffect: effect.indirectEffect,
    severity: 0,
  };
}

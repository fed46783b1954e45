import type { Intention } from "@/lib/insights/intentions";
import type { Finding } from "@/lib/insights/finding";
import { AD_METRICS } from "@/lib/insights/ad-metrics";
import { addDays } from "@/lib/dates";
import { metricDefinition, type Dimension } from "@/lib/insights/metrics";
import { PART_INDEX, type PartValues } from "../data/parts";
import { metricParts, type Segment } from "../data/project-data";
import { isPaidCampaign } from "../data/paid-campaign";
import { additiveDrivers, ratioDrivers, type DriverAnalysis } from "../detectors/drivers";
import { detectPeriodChange } from "../detect/period-change";
import type { Candidate } from "../detect/types";
import { totalChangeFields } from "../engine/analyses/total-factors";
import type { Chart } from "../engine/types";
import { yearlyOf, type ReportContext } from "./analysis";
import { resultOf, type IntentionResult } from "./intention-result";
import { keptContext } from "./answer-kept";

// A metric's change against the comparison period, alone ("Did impressions change?") or broken down by a dimension
// ("Which channels drove it?"): the total's period change is the test; the drivers (each segment's additive share, or
// a ratio's mix and rate effects, detectors/drivers.ts) stand or fall with it.

const MAX_DRIVERS = 5;
const CHART_SEGMENTS = 10;

/** The comparison period drawn before the period when the two touch (a previous period), else the period alone. */
function changeChart(ctx: ReportContext, metric: string, sourceId?: string): Chart | null {
  const total = ctx.cube.total(metric, sourceId);
  if (!total) return null;
  const w = ctx.window;
  const from = addDays(w.comparisonEnd, 1) === w.periodStart ? w.comparisonStart : w.periodStart;
  const points = total.dates.flatMap((date, i) =>
    date >= from && date <= w.periodEnd
      ? [{ date, value: Number.isFinite(total.values[i]) ? Math.round(total.values[i] * 1000) / 1000 : null }]
      : [],
  );
  return { type: "series", metric, unit: metricDefinition(metric).unit, points };
}

/**
 * A total's change with why it moved where an identity makes it (clicks = impressions × CTR, cost = clicks × CPC:
 * attribute/factors.ts, the split v2 states too) and the kind of data it was read from (organic search, an ad account).
 */
function withFactors(
  ctx: ReportContext,
  candidate: Candidate | null,
  sourceId: string,
  segments?: readonly Segment[],
): Candidate | null {
  if (!candidate) return null;
  const f = candidate.finding;
  if (f.current === null || f.baseline === null) return candidate;
  const change = { current: f.current, baseline: f.baseline, change: f.current - f.baseline };
  const fields = totalChangeFields(keptContext(ctx), f.metric, change, sourceId, segments);
  return { ...candidate, finding: { ...f, ...fields } as Finding };
}

/** "Did {metric} change against the comparison period?" */
export function answerChange(ctx: ReportContext, intention: Intention, metric: string): IntentionResult {
  const total = ctx.cube.total(metric);
  if (!total) return resultOf(intention, {});
  const totals = ctx.input.data.periodTotals(metric);
  const candidate = detectPeriodChange(total, ctx.window, {
    totals:
      totals.current !== null && totals.baseline !== null
        ? { current: totals.current, baseline: totals.baseline }
        : null,
    yearly: yearlyOf(ctx, total.sourceId, metric),
  });
  const told = withFactors(ctx, candidate, total.sourceId);
  return resultOf(intention, {
    candidates: told ? [told] : [],
    tests: 1,
    chart: changeChart(ctx, metric),
  });
}

const part = (v: PartValues | null, i: number) => (v ? (v[i] ?? 0) : 0);

/** The driver analysis of a metric's segments: additive shares, or a ratio's mix and rate effects. */
function driverAnalysis(metric: string, dimension: Dimension, segments: readonly Segment[], ctx: ReportContext) {
  const def = metricDefinition(metric);
  const [n, d] = metricParts(def).map((p) => PART_INDEX[p]);
  const options = { metric, dimension, periodStart: ctx.window.periodStart, periodEnd: ctx.window.periodEnd };
  if (def.kind === "ratio")
    return ratioDrivers(
      segments.map((s) => ({
        value: s.value,
        currentNumerator: part(s.current, n),
        currentDenominator: part(s.current, d),
        baselineNumerator: part(s.baseline, n),
        baselineDenominator: part(s.baseline, d),
      })),
      options,
    );
  return additiveDrivers(
    segments.map((s) => ({ value: s.value, current: part(s.current, n), baseline: part(s.baseline, n) })),
    options,
  );
}

function contributionsChart(metric: string, dimension: Dimension, analysis: DriverAnalysis): Chart {
  return {
    type: "contributions",
    metric,
    unit: metricDefinition(metric).unit,
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
}

/** "Which {dimension} values drove the change in {metric}?" */
export function answerDrivers(
  ctx: ReportContext,
  intention: Intention,
  metric: string,
  dimension: Dimension,
): IntentionResult {
  const loaded = ctx.input.data.segments(metric, dimension);
  if (!loaded) return resultOf(intention, {});
  // An ad metric by campaign is the paid campaigns' (never "(organic)" or a newsletter's tag).
  const paid = AD_METRICS.has(metric) && dimension === "campaign";
  const segments = paid ? loaded.segments.filter(isPaidCampaign) : loaded.segments;
  const analysis = driverAnalysis(metric, dimension, segments, ctx);
  const total = ctx.cube.total(metric, loaded.sourceId);
  if (!analysis || !total) return resultOf(intention, {});
  const candidate = detectPeriodChange(total, ctx.window, {
    totals: { current: analysis.totalCurrent, baseline: analysis.totalBaseline },
    yearly: yearlyOf(ctx, loaded.sourceId, metric),
    dimension,
  });
  const own = ctx.input.data.sourceFor(metricParts(metric));
  const scope = own !== loaded.sourceId ? ctx.project.sourceNames?.[loaded.sourceId] : undefined;
  const split = withFactors(ctx, candidate, loaded.sourceId, segments);
  const lead = split && {
    ...split,
    finding: { ...split.finding, dimension: null, ...(scope ? { scope } : {}) },
  };
  const drivers: Finding[] = analysis.topDriverFindings().slice(0, MAX_DRIVERS) as unknown as Finding[];
  return resultOf(intention, {
    candidates: lead ? [lead] : [],
    companions: lead ? drivers.map((finding) => ({ finding: { ...finding, grain: total.grain }, with: lead })) : [],
    tests: 1,
    chart: contributionsChart(metric, dimension, analysis),
  });
}

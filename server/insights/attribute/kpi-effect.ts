import { daysBetween } from "@/lib/dates";
import type { Finding } from "@/lib/insights/finding";
import { isSeasonallyExpected } from "@/lib/insights/season";
import { metricDefinition, type Dimension } from "@/lib/insights/metrics";
import { PART_INDEX, type PartKey } from "../data/parts";
import { metricParts } from "../data/project-data";
import type { ReportContext } from "../report/analysis";

// What a finding is worth in the project's primary KPI (ADR 0006's impact, restated): its change over the report's
// period in its metric's unit, carried into the KPI at the KPI per unit of that metric in the comparison period (the
// segment's own when it is a segment's). A rate's change moves its numerator by Δrate × the period's denominator. A
// metric with no path to the KPI (a cost, a position, a count downstream of it) is weighed by its relative change,
// damped: it ranks, it is not stated as an effect.

/** How much an indirect metric's relative change weighs beside a share of the KPI. */
export const INDIRECT_WEIGHT = 0.25;

export interface KpiEffect {
  /** The change of the KPI, in its unit (0 when the finding has no path to it). */
  kpiEffect: number;
  /** The ranking weight of a finding with no path to the KPI. */
  indirect: number;
}

/** Where a count sits in the funnel: a change moves the KPI only from upstream of it. */
const FUNNEL_ORDER: readonly string[] = [
  "impressions",
  "clicks",
  "sessions",
  "engagedSessions",
  "pageviews",
  "conversions",
  "leads",
  "transactions",
  "storeOrders",
  "dealsCreated",
  "dealsWon",
  "revenue",
  "orderRevenue",
  "wonValue",
];

/** The finding's change over the report's period, in its metric's unit (a rate's: Δrate). */
function periodChange(ctx: ReportContext, f: Finding): number {
  if (f.change === null || !Number.isFinite(f.change)) return 0;
  if (f.kind === "level_shift") {
    const from = f.periodStart > ctx.window.periodStart ? f.periodStart : ctx.window.periodStart;
    const days = f.grain && f.grain !== "day" ? 1 : Math.max(0, daysBetween(from, ctx.window.periodEnd));
    return f.change * days;
  }
  return f.kind === "trend" || f.kind === "audit" ? 0 : f.change;
}

function total(ctx: ReportContext, part: string, current: boolean, segment?: { dimension: Dimension; value: string }) {
  const w = ctx.window;
  if (!segment)
    return ctx.cube.data.total(
      part as PartKey,
      current ? w.periodStart : w.comparisonStart,
      current ? w.periodEnd : w.comparisonEnd,
    );
  const split = ctx.cube.data.segments(part, segment.dimension);
  const s = split?.segments.find((x) => x.value === segment.value);
  const values = current ? s?.current : s?.baseline;
  return values ? (values[PART_INDEX[part as PartKey]] ?? null) : null;
}

/** The KPI per unit of an upstream count (the segment's own where it has both, else the site's). */
function kpiPerUnit(
  ctx: ReportContext,
  metric: string,
  segment?: { dimension: Dimension; value: string },
): number | null {
  const kpi = ctx.kpi!.metric;
  for (const s of segment ? [segment, undefined] : [undefined]) {
    const k = total(ctx, kpi, false, s) ?? total(ctx, kpi, true, s);
    const m = total(ctx, metric, false, s) ?? total(ctx, metric, true, s);
    if (k !== null && m) return k / m;
  }
  return null;
}

/** `delta` of `metric` carried into the KPI. */
export function toKpi(
  ctx: ReportContext,
  metric: string,
  delta: number,
  changePct: number | null,
  segment?: { dimension: Dimension; value: string },
): KpiEffect {
  const indirect = { kpiEffect: 0, indirect: INDIRECT_WEIGHT * Math.abs(changePct ?? 0) };
  if (!Number.isFinite(delta) || delta === 0) return { kpiEffect: 0, indirect: 0 };
  const def = metricDefinition(metric);
  if (!ctx.kpi || !def.higherIsBetter || def.kind === "non_additive") return indirect;
  if (def.kind === "ratio") {
    if (def.numerator === "positionWeighted") return indirect;
    const [numerator, denominator] = metricParts(def);
    const d = total(ctx, denominator, true, segment);
    return d ? toKpi(ctx, numerator, delta * d, changePct, segment) : indirect;
  }
  if (metric === ctx.kpi.metric) return { kpiEffect: delta, indirect: 0 };
  const upstream = FUNNEL_ORDER.indexOf(metric) < FUNNEL_ORDER.indexOf(ctx.kpi.metric);
  const perUnit = upstream && FUNNEL_ORDER.includes(metric) ? kpiPerUnit(ctx, metric, segment) : null;
  return perUnit === null ? indirect : { kpiEffect: delta * perUnit, indirect: 0 };
}

/** A finding's effect on the KPI over the report's period. */
export function findingKpiEffect(ctx: ReportContext, f: Finding): KpiEffect {
  if (f.kind === "audit" || f.kind === "competitor" || f.kind === "split_test") return { kpiEffect: 0, indirect: 0 };
  // What the season predicts is not news: it ranks below every finding that is (report/season.ts).
  if (isSeasonallyExpected(f)) return { kpiEffect: 0, indirect: 0 };
  const segment =
    f.dimension && f.dimensionValue && f.kind !== "driver"
      ? { dimension: f.dimension as Dimension, value: f.dimensionValue }
      : undefined;
  return toKpi(ctx, f.metric, periodChange(ctx, f), f.changePct, segment);
}

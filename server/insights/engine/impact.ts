import { metricDefinition, type Dimension } from "@/lib/insights/metrics";
import { PART_INDEX, type PartKey } from "../data/parts";
import type { EngineContext, IntentionOutcome } from "./types";

// Impact: how much of the project's primary KPI an insight accounts for.
//
//   impact = |ΔK̂| / K₀  +  indirect
//
// K is the primary KPI of the project's site type (PRIMARY_KPIS: the first one its data holds),
// K₀ its total over the comparison period, and ΔK̂ the change in K the insight's significant
// findings account for, in K's units:
//   - a finding on K itself: its change (drivers: the total change the segments explain;
//     anomalies: Σ (actual − expected) over the flagged days; level shift: the shift × the
//     period's days from the change; trend change: the slope change × Σ days since the change);
//   - a finding on another additive metric M (sessions, pageviews, ...): ΔM × K₀ / M₀, the KPI the
//     change would carry at the comparison period's KPI per unit of M (elasticity 1); clicks and
//     impressions go through the sessions they bring (a click is a visit; `visitsFrom`);
//   - a ratio N / D (conversion rate, CTR, AOV, ROAS): Δr × D₁ in units of N, then as above;
//   - a metric with no path to K (cost, CPC, CPA, position: higher is not better, or the
//     numerator is not a volume; or further down the funnel than K, as clicks are from
//     impressions): `indirect` = ¼ × |relative change| of the quantity reported
//     (the paid campaigns' cost per conversion, not the source's cost over every conversion),
//     ranked but damped.
// So 0.12 reads "this insight accounts for a change worth 12% of the KPI's previous total".
// Audit insights are not ranked by impact (they form their own group); their `impact` is the
// worst finding's severity weight (high 1, medium 0.5, low 0.2) for ordering inside the group.

export const INDIRECT_WEIGHT = 0.25;

export interface Effect {
  kpiEffect: number;
  indirectEffect: number;
}

/**
 * Translates a change of `metric` into the KPI. For ratios, `denominatorCurrent` is the current
 * period's denominator (sessions for a conversion rate) of the segment or total the change is on.
 */
export function kpiEffectOf(
  ctx: EngineContext,
  metric: string,
  delta: number,
  denominatorCurrent?: number | null,
  /** The comparison value of the quantity `delta` changed, when it is not the project's total of the metric. */
  baseline?: number | null,
  /** The segment the change is in: its own KPI per unit of the metric, where its rows hold both (segmentKpiPerUnit). */
  segment?: SegmentRef | null,
): Effect {
  if (!Number.isFinite(delta) || delta === 0) return { kpiEffect: 0, indirectEffect: 0 };
  const def = metricDefinition(metric);
  const w = ctx.window;
  if (def.kind === "ratio") {
    const numerator = def.numerator;
    if (numerator === "positionWeighted" || !def.higherIsBetter) return indirect(ctx, metric, delta, baseline);
    const d1 = denominatorCurrent ?? ctx.data.total(def.denominator as PartKey, w.periodStart, w.periodEnd);
    if (!d1) return indirect(ctx, metric, delta, baseline);
    return kpiEffectOf(ctx, numerator, delta * d1, null, null, segment);
  }
  if (!def.higherIsBetter || def.kind === "non_additive") return indirect(ctx, metric, delta, baseline);
  if (!ctx.kpi) return indirect(ctx, metric, delta, baseline, 1);
  if (metric === ctx.kpi.metric) return { kpiEffect: delta, indirectEffect: 0 };
  if (downstream(metric, ctx.kpi.metric)) return indirect(ctx, metric, delta, baseline);
  // An order from a new (or a returning) customer is one of the store's orders: at the KPI of a store order, not of
  // the whole KPI over that part of the orders alone.
  if (CUSTOMER_ORDERS.has(metric)) return kpiEffectOf(ctx, "storeOrders", delta);
  const asVisits = visitsFrom(ctx, metric, delta);
  if (asVisits !== null) return kpiEffectOf(ctx, "sessions", asVisits);
  const perUnit = segment ? segmentKpiPerUnit(ctx, segment, metric) : null;
  if (perUnit !== null) return { kpiEffect: delta * perUnit, indirectEffect: 0 };
  const m0 =
    ctx.data.total(metric as PartKey, w.comparisonStart, w.comparisonEnd) ??
    ctx.data.total(metric as PartKey, w.periodStart, w.periodEnd);
  if (!m0 || m0 <= 0) return indirect(ctx, metric, delta, baseline);
  return { kpiEffect: (delta * ctx.kpi.reference) / m0, indirectEffect: 0 };
}

/**
 * The KPI effect of `delta`, a change of `metric` whose total change `total` the segments `parts` make up (a
 * breakdown's contributions): each segment's change at its own KPI per unit, scaled to `delta` (the part of the
 * change the season did not predict, or all of it). Traffic that moved to a channel converting at a tenth of the site's
 * rate brings a tenth of the leads. The site's rate wherever a changed segment's own cannot be told, and for a metric
 * with no path to the KPI (kpiEffectOf).
 */
export function breakdownKpiEffect(
  ctx: EngineContext,
  metric: string,
  delta: number,
  total: number,
  parts: readonly { segment: SegmentRef; change: number }[],
  /** The comparison value of the quantity that changed (kpiEffectOf's `baseline`). */
  baseline?: number | null,
): Effect & { atSiteRate?: number } {
  const site = kpiEffectOf(ctx, metric, delta, null, baseline);
  if (!site.kpiEffect || !total || metric === ctx.kpi?.metric) return site;
  let sum = 0;
  for (const { segment, change } of parts) {
    if (!change) continue;
    const perUnit = segmentKpiPerUnit(ctx, segment, metric);
    if (perUnit === null) return site;
    sum += change * perUnit;
  }
  // What the change would have carried at the site's rate: far more than the segments' own says the traffic that
  // moved converts poorly (the analyst's next step checks its quality before adding to it).
  return { kpiEffect: sum * (delta / total), indirectEffect: 0, atSiteRate: site.kpiEffect };
}

/** A dimension value of one source, whose own totals may give its KPI per unit of a metric. */
export interface SegmentRef {
  sourceId: string;
  dimension: string;
  value: string;
}

/** ctx → "source|dimension|metric" → value → its KPI per unit of the metric (null where its rows cannot tell). */
const perUnitCache = new WeakMap<EngineContext, Map<string, Map<string, number | null>>>();

/**
 * The segment's own KPI per unit of `metric`, over both compared periods: a channel converting at 0.4 % carries 0.004
 * leads a session, not the site's 3.5 %. At the site's rate, 13,000 more Display sessions read as "+463 leads" where
 * the leads rose by 47. Null where the KPI is read from another source than the segment's (a CRM's deals have no
 * channel of the analytics), where the segment had none of the metric, or where its rows do not hold the KPI; the
 * site's rate is used then.
 */
export function segmentKpiPerUnit(ctx: EngineContext, segment: SegmentRef, metric: string): number | null {
  const kpi = ctx.kpi?.metric;
  if (!kpi || !(kpi in PART_INDEX) || !(metric in PART_INDEX)) return null;
  if (ctx.data.sourceFor([kpi as PartKey]) !== segment.sourceId) return null;
  const key = `${segment.sourceId}|${segment.dimension}|${metric}`;
  let byContext = perUnitCache.get(ctx);
  if (!byContext) perUnitCache.set(ctx, (byContext = new Map()));
  let byValue = byContext.get(key);
  if (!byValue) {
    byValue = new Map();
    byContext.set(key, byValue);
    const loaded = ctx.data.segments(metric, segment.dimension as Dimension);
    if (loaded?.sourceId === segment.sourceId) {
      const k = PART_INDEX[kpi as PartKey];
      const m = PART_INDEX[metric as PartKey];
      for (const row of loaded.segments) {
        const sum = (i: number) =>
          row.current?.[i] == null && row.baseline?.[i] == null
            ? null
            : (row.current?.[i] ?? 0) + (row.baseline?.[i] ?? 0);
        const units = sum(m);
        const kpiTotal = sum(k);
        byValue.set(row.value, units !== null && units > 0 && kpiTotal !== null ? kpiTotal / units : null);
      }
    }
  }
  return byValue.get(segment.value) ?? null;
}

/**
 * The funnel's order: a change further down it than the KPI cannot move the KPI (fewer clicks on a search result
 * leave its impressions as they were; more orders do not bring visits), so it is ranked by its relative change,
 * without an effect to quote. Read at the KPI's own price per unit, 204 clicks a day lost read as "−33,455
 * impressions" for a brand ranked by its reach.
 */
const FUNNEL_ORDER: Record<string, number> = {
  impressions: 0,
  clicks: 1,
  sessions: 2,
  newUsers: 2,
  engagedSessions: 3,
  pageviews: 3,
  conversions: 4,
  leads: 4,
  transactions: 5,
  storeOrders: 5,
  dealsCreated: 5,
  revenue: 6,
  orderRevenue: 6,
  dealsWon: 6,
  wonValue: 7,
};

const CUSTOMER_ORDERS: ReadonlySet<string> = new Set(["newCustomerOrders", "returningCustomerOrders"]);

function downstream(metric: string, kpi: string): boolean {
  const m = FUNNEL_ORDER[metric];
  const k = FUNNEL_ORDER[kpi];
  return m !== undefined && k !== undefined && m > k;
}

/**
 * A search or ad click is a visit: a change in clicks (or in impressions, at the comparison
 * period's click-through rate) carries the KPI of the sessions it brings. Scaled by the whole
 * site's KPI per click instead, 3,200 search clicks lost read as 14,773 engaged sessions, since
 * clicks bring only part of the traffic. Null when the project has no sessions to go through.
 */
function visitsFrom(ctx: EngineContext, metric: string, delta: number): number | null {
  if (metric !== "clicks" && metric !== "impressions") return null;
  // A KPI measured in search impressions (reach, brand) keeps the search source's own ratio.
  if (ctx.kpi?.metric === "clicks" || ctx.kpi?.metric === "impressions") return null;
  if (!ctx.data.hasMetric("sessions")) return null;
  if (metric === "clicks") return delta;
  const ctr = ctx.data.periodTotals("ctr");
  const rate = ctr.baseline ?? ctr.current;
  return rate ? delta * rate : null;
}

/**
 * The damped share of the site's total a change of `metric` is, for a change that reaches no KPI (ranked as a metric
 * without a path to it): a day of extra visits that brought nothing (segment-watch.ts).
 */
export const indirectEffectOf = (ctx: EngineContext, metric: string, delta: number): number =>
  indirect(ctx, metric, delta).indirectEffect;

function indirect(
  ctx: EngineContext,
  metric: string,
  delta: number,
  baseline?: number | null,
  weight = INDIRECT_WEIGHT,
): Effect {
  const totals = ctx.data.periodTotals(metric);
  const base = baseline || (totals.baseline ?? totals.current);
  if (!base) return { kpiEffect: 0, indirectEffect: 0 };
  return { kpiEffect: 0, indirectEffect: weight * Math.min(1, Math.abs(delta / base)) };
}

/** Metrics whose change reaches the KPI through visits or conversions (kpiEffectOf), so its estimate can be quoted. */
const SAID_EFFECT_PATHS: ReadonlySet<string> = new Set([
  "sessions",
  "clicks",
  "impressions",
  "conversions",
  "transactions",
]);

/**
 * What a total's finding says of its effect on the KPI ("Estimated effect over the period: -€65,700 revenue"): the
 * effect its outcome is ranked by, so the reader sees why it ranks where it does. Nothing for the KPI's own total
 * (its change is the effect) or without one.
 */
export function totalKpiEffect(
  ctx: EngineContext,
  metric: string,
  effect: Effect,
): { kpiEffect?: number; kpiMetric?: string } {
  if (!ctx.kpi || !effect.kpiEffect || metric === ctx.kpi.metric) return {};
  // A return on spend's change times the spend is what the spend would have earned at the old return, not revenue
  // gained or lost: "ROAS rose, +$8,627 revenue" read beside a campaign cut whose revenue fell.
  const def = metricDefinition(metric);
  if (def.kind === "ratio" && def.denominator === "cost") return {};
  // Said only where the path to the KPI is direct (visits, or what converts): another metric's effect is its
  // relative change carried over to the KPI, a ranking weight rather than an estimate to quote.
  const counted = def.kind === "ratio" ? def.numerator : metric;
  if (counted !== ctx.kpi.metric && !SAID_EFFECT_PATHS.has(counted)) return {};
  return { kpiEffect: effect.kpiEffect, kpiMetric: ctx.kpi.metric };
}

/**
 * The outcome's effect on the KPI as the exports quote it beside the insight ("-1.4 deals won"): the effect it is
 * ranked by, where its findings state one (totalKpiEffect, the segment watch) or are on the KPI itself. Null for the
 * audit, for no findings, and where the effect is only a ranking weight (a cost, a return on spend, a metric the
 * findings carry no estimate for).
 */
export function statedKpiEffect(
  ctx: EngineContext,
  outcome: IntentionOutcome,
): { kpiEffect: number; kpiMetric: string } | null {
  const kpi = ctx.kpi?.metric;
  if (!kpi || outcome.intention.stage === "audit" || !outcome.kpiEffect || !Number.isFinite(outcome.kpiEffect))
    return null;
  const stated = outcome.findings.some(
    (f) => (f as { kpiMetric?: string | null }).kpiMetric === kpi || (f.metric === kpi && f.kind !== "funnel"),
  );
  return stated ? { kpiEffect: outcome.kpiEffect, kpiMetric: kpi } : null;
}

export function impactOf(ctx: EngineContext, outcome: IntentionOutcome): number {
  if (outcome.intention.stage === "audit") return outcome.severity;
  if (outcome.findings.length === 0) return 0;
  const kpi = ctx.kpi && ctx.kpi.reference > 0 ? Math.abs(outcome.kpiEffect) / ctx.kpi.reference : 0;
  return round(kpi + outcome.indirectEffect);
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;

export const SEVERITY_WEIGHT: Record<string, number> = { high: 1, medium: 0.5, low: 0.2 };

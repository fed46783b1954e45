// "Its expected range is finite, contains the expected value, and is in the finding's own unit and grain; no
// percentage range beyond what the data allows."
//
// Which value a range is for (finding-view.ts): a day's expected value, the level before a step, the comparison
// period's total (or the season's prediction of it), a growth rate's estimate, the slope before a change of trend.
// What the data allows: a count or an amount is never below 0 (revenue may be, refunds), a share never outside 0-100 %
// (above it when the data's own days are), a position never above 1st; a growth rate never below −100 %, nor past
// what the series' own range over the finding's days could give (three times the steepest fit its extremes allow);
// a day's range lies between a quarter of the series' smallest day and four times its largest, a period's between as
// many days of each.
import { addDays, daysBetween } from "@/lib/dates";
import { findMetric } from "@/lib/insights/metrics";
import { STORED_METRICS } from "@/lib/catalogue/metrics";
import { fmt, violation, type CheckContext, type PlacedView } from "../context";
import { daysIn, type DaySeries } from "../series-data";
import type { Violation } from "../types";

/** Shapes that state an expectation, so must carry a range. */
const NEEDS_RANGE = new Set(["day", "step", "trendRate", "trendChange", "period"]);
const GRAIN_FACTOR = 4;
const RATE_SLACK = 3;

export function checkRanges(ctx: CheckContext): Violation[] {
  const out: Violation[] = [];
  for (const p of ctx.views) {
    const v = p.view;
    if (v.low === null && v.high === null) {
      if (NEEDS_RANGE.has(v.shape)) out.push(violation(p, "range", "it states no expected range"));
      continue;
    }
    if (v.low === null || v.high === null || !Number.isFinite(v.low) || !Number.isFinite(v.high)) {
      out.push(violation(p, "range", `its expected range ${fmt(v.low)} to ${fmt(v.high)} is not finite`));
      continue;
    }
    if (v.low > v.high)
      out.push(violation(p, "range", `its expected range ${fmt(v.low)} to ${fmt(v.high)} is upside down`));
    const candidates = [v.expected, ...v.expectedAlternatives].filter((x): x is number => x !== null);
    const slack = 1e-9 + 1e-6 * Math.max(Math.abs(v.low), Math.abs(v.high));
    if (candidates.length > 0 && !candidates.some((x) => x >= v.low! - slack && x <= v.high! + slack))
      out.push(
        violation(
          p,
          "range",
          `its expected range ${fmt(v.low)} to ${fmt(v.high)} does not contain its expected value ${fmt(candidates[0])}`,
        ),
      );
    const bound = allowed(ctx, p);
    if (bound && (v.low < bound.low - slack || v.high > bound.high + slack))
      out.push(
        violation(
          p,
          "range",
          `its expected range ${fmt(v.low)} to ${fmt(v.high)} is beyond what the data allows (${fmt(bound.low)} to ${fmt(bound.high)}: ${bound.why})`,
        ),
      );
    const grain = grainBounds(ctx, p);
    const mid = (v.low + v.high) / 2;
    if (grain && (mid < grain.low || mid > grain.high))
      out.push(
        violation(
          p,
          "range",
          `its expected range ${fmt(v.low)} to ${fmt(v.high)} is not at the finding's grain (${grain.why}: ${fmt(grain.low)} to ${fmt(grain.high)})`,
        ),
      );
  }
  return out;
}

const mayBeNegative = (metric: string) =>
  STORED_METRICS.some((m) => m.key === metric && (m as { allowNegative?: boolean }).allowNegative === true);

function knownValues(s: DaySeries, from: string, to: string): number[] {
  return daysIn(s, from, to).map((i) => s.values[i]!);
}

/** The bounds a range's values may take, from the metric's kind and, for growth rates, the data. */
function allowed(ctx: CheckContext, p: PlacedView): { low: number; high: number; why: string } | null {
  const v = p.view;
  if (v.unit !== "metric") {
    const s = ctx.series(v.metric, v.segment);
    const from = v.shape === "trendChange" ? addDays(v.from, -28) : v.from;
    const to = v.shape === "trendChange" && v.to < v.from ? ctx.report.periodEnd : v.to;
    const values = s ? knownValues(s, from, to).filter((x) => x > 0) : [];
    const perUnit = v.unit === "percent_per_week" ? 7 : 30.4375;
    if (values.length < 5) return { low: -1, high: Infinity, why: "a series cannot shrink by more than 100 %" };
    // The steepest least-squares log-slope values within [lo, hi] allow over n days is about 1.5·ln(hi/lo)/n a day.
    const spread = Math.log(Math.max(...values) / Math.min(...values));
    const steepest = (RATE_SLACK * 1.5 * spread) / Math.max(7, daysBetween(from, to));
    return {
      low: Math.max(-1, Math.exp(-perUnit * steepest) - 1),
      high: Math.exp(perUnit * steepest) - 1,
      why: `the series ranges ${fmt(Math.min(...values))} to ${fmt(Math.max(...values))} over ${from} to ${to}`,
    };
  }
  if (v.shape === "funnel") return { low: 0, high: Infinity, why: "a step's rate is never negative" };
  const def = findMetric(v.metric);
  if (!def) return null;
  if (def.unit === "rank") return { low: 1, high: Infinity, why: "a position is 1 at best" };
  if (def.unit === "percent") {
    const s = ctx.series(v.metric, v.segment);
    const top = s ? Math.max(1, ...knownValues(s, ctx.report.comparisonStart, ctx.report.periodEnd)) : 1;
    return { low: 0, high: top, why: "a share is between 0 and 100 %" };
  }
  if (mayBeNegative(v.metric)) return null;
  return { low: 0, high: Infinity, why: `${v.metric} is never negative` };
}

/** Where the middle of a range at the finding's grain lies, from the series' days (additive metrics). */
function grainBounds(ctx: CheckContext, p: PlacedView): { low: number; high: number; why: string } | null {
  const v = p.view;
  if (v.unit !== "metric" || findMetric(v.metric)?.kind !== "additive") return null;
  if (v.shape !== "day" && v.shape !== "step" && v.shape !== "period") return null;
  const s = ctx.series(v.metric, v.segment);
  if (!s) return null;
  const values = knownValues(s, ctx.report.comparisonStart, ctx.report.periodEnd);
  if (values.filter((x) => x > 0).length < 7) return null;
  // A series with days at 0 (one that stopped) may be expected at 0.
  const lo = Math.min(...values) / GRAIN_FACTOR;
  const hi = Math.max(...values) * GRAIN_FACTOR;
  if (v.grain === "day")
    return {
      low: lo,
      high: hi,
      why: "a day's values in the data lie within a quarter of its smallest and four times its largest",
    };
  const days = daysBetween(v.from, v.to);
  return { low: lo * days, high: hi * days, why: `a ${days}-day total lies within as many of those days` };
}

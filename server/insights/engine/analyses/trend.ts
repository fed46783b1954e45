import type { Intention } from "@/lib/insights/intentions";
import { metricDefinition } from "@/lib/insights/metrics";
import { addDays, dayNumber, daysBetween } from "@/lib/dates";
import { firstDayIn, lastDayOf, shiftMarks, withoutStretchEnds } from "../../detectors/change-points";
import { trendRate } from "../../detectors/trend-rate";
import { effectShare } from "../effect-share";
import { kpiEffectOf } from "../impact";
import type { EngineContext, IntentionOutcome } from "../types";
import { round } from "./anomalies";
import { MAX_CHART_POINTS, periodStartOf, totalChangePoints } from "./total-change-points";
import { totalDataKind } from "../../attribute/factors";

/** Mean of the 14 known days before `date`: the level a slope change is read against (% per week). */
function levelBefore(series: readonly { date: string; value: number | null }[], date: string): number | null {
  const before = series.filter((p) => p.date < date && p.value !== null).slice(-14);
  return before.length ? before.reduce((s, p) => s + p.value!, 0) / before.length : null;
}

/** Mean and standard error of the known days from `from` to `to`. */
function meanOver(series: readonly { date: string; value: number | null }[], from: string, to: string) {
  const values = series.filter((p) => p.date >= from && p.date <= to && p.value !== null).map((p) => p.value!);
  const n = values.length;
  if (n < 3) return null;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1));
  return { mean, se: sd / Math.sqrt(n) };
}

/**
 * Whether a growth rate's direction runs against its period's days: the mean of its last whole weeks (half the period,
 * at most) against its first, beyond their standard error, the other way.
 */
function againstItsWeeks(
  series: readonly { date: string; value: number | null }[],
  rate: { periodStart: string; periodEnd: string; rate: number },
): boolean {
  const weeks = Math.floor(daysBetween(rate.periodStart, rate.periodEnd) / 14);
  if (weeks < 1 || rate.rate === 0) return false;
  const first = meanOver(series, rate.periodStart, addDays(rate.periodStart, 7 * weeks - 1));
  const last = meanOver(series, addDays(rate.periodEnd, -(7 * weeks - 1)), rate.periodEnd);
  if (!first || !last) return false;
  const diff = last.mean - first.mean;
  return diff !== 0 && Math.sign(diff) !== Math.sign(rate.rate) && Math.abs(diff) > Math.hypot(first.se, last.se);
}

/**
 * The p-value a level shift needs to be a step of the growth rate's model. A step takes the growth it spans out of
 * the rate (a series that stepped down once is not "declining 4.5 % per week"), so a weak one must not: on a site
 * growing a steady 2 % a week, the detector's curve through 90 days put a "shift" of p = 0.048 in the period; with it
 * the rate read 0.8 % a week, not significant, and the shift then failed the report-wide bar, so the report said
 * nothing of the growth (p = 8e-6 without the step). A shift above this cannot pass that bar in a report of 50 tests
 * or more (0.05 / 50); reports run hundreds.
 */
const STEP_IN_RATE_P = 1e-3;

/**
 * Days a slope change needs after it to be stated as a rate (% per week). Fitted on fewer, a slope change is a line
 * bent to the last days of a step the detector cannot date yet (a shift needs 7 days on either side): a site whose
 * Organic Search fell 30 % on its last 4 days was told "The trend in sessions changed on Nov 14 from -0.1% per week
 * to -17.0% per week". Those days are the anomaly intention's, which reports each of them.
 */
const MIN_DAYS_AFTER_SLOPE_CHANGE = 14;

/**
 * Level shifts and trend changes dated inside the period. The series starts before the period
 * (twice its length, at least 8 weeks, within the chart's 400 points) so the level before a change
 * is known.
 */
export function runTrend(ctx: EngineContext, intention: Intention, metric: string): IntentionOutcome {
  const w = ctx.window;
  const changes = totalChangePoints(ctx, metric);
  const series = changes.series;
  const end = dayNumber(w.periodEnd);
  // A stretch (a level that came back: change-points.ts) is told by its first step, whose days end at its last.
  // Search Console's or an ad account's total: the next step is aimed at that data (narrate/data-kind-steps.ts).
  const kind = totalDataKind(ctx.data, metric);
  const found = withoutStretchEnds(changes.found)
    .filter((f) => f.kind !== "trend" || end - dayNumber(f.date) + 1 >= MIN_DAYS_AFTER_SLOPE_CHANGE)
    .map((f) => (f.kind === "trend" ? { ...f, ...kind, level: levelBefore(series, f.date) } : { ...f, ...kind }));
  // Each finding's volume over the period, so the season can take back the ones it predicts
  // (seasonal-label.ts): a level shift moves every later day by `change`; a slope change adds
  // change × t on day t.
  const deltas = new Map<object, number>();
  for (const f of found) {
    // A stretch that began before the period: its days in it.
    const first = dayNumber(firstDayIn(f, w.periodStart));
    const days = (f.kind === "level_shift" ? dayNumber(lastDayOf(f, w.periodEnd)) : end) - first + 1;
    deltas.set(f, f.kind === "level_shift" ? f.change * days : (f.change * days * (days + 1)) / 2);
  }
  // The period's growth rate, with its unit and confidence interval (kept when significant; the
  // report-wide FDR then judges it with every other test).
  // Both steps of a stretch.
  const steps = changes.found.filter((f) => f.kind === "level_shift" && f.pValue <= STEP_IN_RATE_P).map((f) => f.date);
  const growth = trendRate(series, { metric, periodStart: w.periodStart, periodEnd: w.periodEnd, steps });
  const rate = growth && { ...growth, ...kind };
  // A rate beside steps is the growth apart from them: one that runs against its period's own first and last weeks (New
  // York's taxis sliding through August, then September's step up, read "declining 2.6 % a week") tells a fall of days
  // that rose. The steps are told; such a rate is not.
  const rateFindings =
    rate && rate.pValue < 1 - rate.confidence && !(steps.length > 0 && againstItsWeeks(series, rate)) ? [rate] : [];
  if (rate && rateFindings.length && steps.length === 0 && !found.some((f) => f.kind === "trend")) {
    // The rate is the period's growth: a shift too weak to be a step of it is a part of it, not a volume of its own.
    for (const f of found) deltas.set(f, 0);
    // Against a flat period at its first days' level: the volume the growth added (or took).
    const values = series.filter((p) => p.date >= w.periodStart && p.value !== null).map((p) => p.value!);
    const mean = values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
    const n = values.length;
    deltas.set(rate, mean * n * (Math.exp((rate.slope * n) / 2) - 1));
  }
  let delta = 0;
  let volume = 0;
  for (const d of deltas.values()) {
    delta += d;
    volume += Math.abs(d);
  }
  const effect = kpiEffectOf(ctx, metric, delta);
  // Each finding's share of it (0 for a growth rate the change points already account for).
  for (const f of [...rateFindings, ...found])
    effectShare.set(f, volume === 0 ? 0 : Math.abs(deltas.get(f) ?? 0) / volume);
  const points = series.length > MAX_CHART_POINTS ? series.slice(series.length - MAX_CHART_POINTS) : series;
  return {
    intention,
    findings: [...rateFindings, ...found],
    tests: 2,
    chart: {
      type: "series",
      metric,
      unit: metricDefinition(metric).unit,
      points: points.map((p) => ({ date: p.date, value: round(p.value) })),
      marks: found.flatMap((f) => (f.kind === "level_shift" ? shiftMarks(f) : [{ date: f.date, kind: f.kind }])),
      ...periodStartOf(points, w.periodStart),
    },
    kpiEffect: effect.kpiEffect,
    indirectEffect: effect.indirectEffect,
    severity: 0,
  };
}

import { dayOfWeek } from "@/lib/dates";
import { mean, variance } from "../stats/descriptive";
import { studentTQuantile, twoSidedStudentTP } from "../stats/distributions";
import { invertMatrix, solveLinearSystem } from "../stats/linear-algebra";
import { directionOf, relativeChange, type DailyPoint, type Finding } from "../types";
import { estimatePeriodTotal } from "@/lib/insights/period-estimate";
import { findMetric } from "@/lib/insights/metrics";

// Period-over-period change of an additive metric (sessions, conversions, revenue, ...), current
// period against the previous period or the previous year (lib/dates.ts: comparisonRange).
//
// Significance test: daily values in a regression with a period effect and weekday effects,
//   y = μ + δ·[current period] + β_weekday + ε,
// and a t-test on δ. Why not a Poisson test on the totals: marketing counts are heavily
// overdispersed (a campaign, the weather, a newsletter move whole days), so a Poisson test would
// call a 1% change in 30,000 sessions significant. Daily values carry the real day-to-day
// variation. Why the weekday terms instead of a plain Welch t-test: the weekly pattern is not
// noise, and leaving it in the variance would hide real changes (and a period with an extra
// weekend would look like a change). With fewer days than the weekday model needs, it falls back
// to Welch's t-test on the daily values.
//
// A ratio's days (conversion rate, cost per conversion, CTR) are weighted by their denominator
// (weighted least squares): a day's rate over 20 conversions is four times as noisy as one over
// 80, and unweighted, the few-conversion weekend days' extreme costs per conversion hid a 22 % rise
// in an account's cost per conversion (p 6·10⁻⁴, under the report-wide bar). Weighted, the effect
// tested is the change of the ratio of sums, the quantity the report states.

export interface PeriodChangeOptions {
  metric: string;
  periodStart: string;
  periodEnd: string;
  confidence?: number;
  dimension?: string | null;
  dimensionValue?: string | null;
}

export interface ChangeFinding extends Finding {
  kind: "change";
  current: number;
  baseline: number;
  change: number;
  pValue: number | null;
  significant: boolean;
  /** Estimated change in the daily mean, net of weekday mix. */
  dailyEffect: number;
  test: "weekday_regression" | "welch" | "none";
  /**
   * Days of either period without data (tracking gaps, days not imported) whose values the totals
   * estimate from the same weekdays of their period (data/period-estimate.ts); absent when none.
   */
  estimatedDays?: string[];
}

/** A day of the tested series; `weight`: a ratio's denominator that day (1 when absent). */
export type WeightedPoint = DailyPoint & { weight?: number };
type KnownPoint = { date: string; value: number; weight?: number };

export function periodChange(
  current: readonly WeightedPoint[],
  baseline: readonly WeightedPoint[],
  options: PeriodChangeOptions,
): ChangeFinding {
  const confidence = options.confidence ?? 0.95;
  const known = (p: WeightedPoint): p is KnownPoint =>
    p.value !== null && Number.isFinite(p.value) && (p.weight === undefined || p.weight > 0);
  const cur = current.filter(known);
  const base = baseline.filter(known);
  // An additive total counts the days without data at their weekday's level, as the test (on the
  // known days' means) does; a ratio's days are not summed (its reported value is its parts' ratio).
  const additive = findMetric(options.metric)?.kind === "additive";
  const currentEstimate = additive ? estimatePeriodTotal(current) : null;
  const baselineEstimate = additive ? estimatePeriodTotal(baseline) : null;
  const currentTotal = currentEstimate?.total ?? cur.reduce((s, p) => s + p.value, 0);
  const baselineTotal = baselineEstimate?.total ?? base.reduce((s, p) => s + p.value, 0);
  const estimatedDays = [...(baselineEstimate?.estimatedDays ?? []), ...(currentEstimate?.estimatedDays ?? [])];
  const change = currentTotal - baselineTotal;
  const test =
    weekdayRegression(cur, base) ??
    welch(
      cur.map((p) => p.value),
      base.map((p) => p.value),
    );
  const q = test ? studentTQuantile(1 - (1 - confidence) / 2, test.df) : NaN;
  const pValue = test
    ? test.se === 0
      ? test.effect === 0
        ? 1
        : 0
      : twoSidedStudentTP(test.effect / test.se, test.df)
    : null;
  // The range the current total would fall in with no real change: the baseline total ± the
  // t-quantile times the standard error of the daily effect, scaled to the period's days.
  // Scaled to the days the total stands for: the known ones and the estimated ones.
  const halfWidth = test ? q * test.se * (currentEstimate ? current.length : cur.length) : null;
  return {
    kind: "change",
    metric: options.metric,
    dimension: options.dimension ?? null,
    dimensionValue: options.dimensionValue ?? null,
    periodStart: options.periodStart,
    periodEnd: options.periodEnd,
    current: currentTotal,
    baseline: baselineTotal,
    change,
    changePct: relativeChange(currentTotal, baselineTotal),
    // A total of days that are never below zero is not either: the normal range's low end stops at 0 (a player's
    // page views, whose playoff weeks made the noise larger than the level, had a range from -97,160).
    expectedLow:
      halfWidth === null
        ? null
        : [...cur, ...base].every((p) => p.value >= 0)
          ? Math.max(0, baselineTotal - halfWidth)
          : baselineTotal - halfWidth,
    expectedHigh: halfWidth === null ? null : baselineTotal + halfWidth,
    confidence,
    direction: directionOf(change),
    pValue,
    significant: pValue !== null && pValue < 1 - confidence && change !== 0,
    dailyEffect:
      test?.effect ?? (cur.length && base.length ? mean(cur.map((p) => p.value)) - mean(base.map((p) => p.value)) : 0),
    test: test?.name ?? "none",
    ...(estimatedDays.length ? { estimatedDays } : {}),
  };
}

interface TestResult {
  name: "weekday_regression" | "welch";
  effect: number;
  se: number;
  df: number;
}

function weekdayRegression(cur: readonly KnownPoint[], base: readonly KnownPoint[]): TestResult | null {
  const rows = [...cur.map((p) => ({ p, inCurrent: 1 })), ...base.map((p) => ({ p, inCurrent: 0 }))];
  const weekdays = [...new Set(rows.map((r) => dayOfWeek(r.p.date)))].sort();
  const dummies = weekdays.slice(1); // the first weekday present is the reference level
  const k = 2 + dummies.length;
  const df = rows.length - k;
  if (df < 2 || cur.length === 0 || base.length === 0) return null;
  const xtx = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const xty = new Array<number>(k).fill(0);
  const design = rows.map((r) => {
    const dow = dayOfWeek(r.p.date);
    return [1, r.inCurrent, ...dummies.map((d) => (d === dow ? 1 : 0))];
  });
  rows.forEach((r, i) => {
    const x = design[i];
    const w = r.p.weight ?? 1;
    for (let a = 0; a < k; a++) {
      xty[a] += w * x[a] * r.p.value;
      for (let b = 0; b < k; b++) xtx[a][b] += w * x[a] * x[b];
    }
  });
  const beta = solveLinearSystem(xtx, xty);
  const inverse = invertMatrix(xtx);
  if (!beta || !inverse) return null;
  let rss = 0;
  rows.forEach((r, i) => {
    const fitted = design[i].reduce((s, x, j) => s + x * beta[j], 0);
    rss += (r.p.weight ?? 1) * (r.p.value - fitted) ** 2;
  });
  const s2 = rss / df;
  return { name: "weekday_regression", effect: beta[1], se: Math.sqrt(Math.max(0, s2 * inverse[1][1])), df };
}

/** Welch's unequal-variance t-test with the Welch–Satterthwaite degrees of freedom. */
export function welch(current: readonly number[], baseline: readonly number[]): TestResult | null {
  const n1 = current.length;
  const n0 = baseline.length;
  if (n1 < 2 || n0 < 2) return null;
  const v1 = variance(current) / n1;
  const v0 = variance(baseline) / n0;
  const se = Math.sqrt(v1 + v0);
  const df = se === 0 ? n1 + n0 - 2 : (v1 + v0) ** 2 / (v1 ** 2 / (n1 - 1) + v0 ** 2 / (n0 - 1));
  return { name: "welch", effect: mean(current) - mean(baseline), se, df };
}

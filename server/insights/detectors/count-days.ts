import { countInterval, countTails, MIN_EXPECTED_COUNT } from "../stats/count-tail";
import type { BaselinePoint } from "../stats/seasonal-baseline";
import { twoSidedBaseline, type TwoSidedResult } from "../stats/two-sided-baseline";
import type { DailyPoint } from "../types";
import {
  dayFinding,
  withActuals,
  withoutDays,
  type AnomalyFinding,
  type AnomalyResult,
  type JudgeOptions,
} from "./anomalies";

// The one-day test of a series of a few events a day (3 to 10: a campaign's conversions, a small channel's leads).
// Below 10 a day the days are too discrete and skewed for the t interval the other series get: its σ, estimated
// robustly from the days themselves, understates their spread (a spam day of 44 leads in a channel of 9 is clear,
// but so would be many ordinary days of 16). Here each day's count is judged as a count: a negative binomial with
// the day's expected value (the two-sided fit's, two-sided-baseline.ts) and a variance of at least a Poisson
// count's, widened by the fit's own uncertainty. Discrete, its p-values are conservative: P(p ≤ α) ≤ α.

/**
 * A count series' days from `from` to `to` judged as counts: each fitted from both sides of it (within its own level,
 * between `breaks`), then `judgeCountDays`.
 */
export function detectCountDays(
  series: readonly DailyPoint[],
  options: JudgeOptions & { from: string; to: string; breaks: readonly string[]; aside?: readonly string[] },
): AnomalyResult {
  const { from, to, breaks, aside, ...judge } = options;
  const baseline = twoSidedBaseline(withoutDays(series, aside), {
    from,
    to,
    confidence: judge.confidence,
    breaks,
    countDispersion: true,
  });
  return judgeCountDays({ ...baseline, points: withActuals(baseline.points, series, aside) }, judge);
}

/**
 * The days outside their expected range as counts. `baseline` is the series' two-sided fit, run with
 * `countDispersion`: each point's noise scale and squared errors give the series' dispersion (its variance over its
 * mean), never taken below a Poisson count's, and its `fitVariance` the uncertainty of its expected value.
 */
export function judgeCountDays(baseline: TwoSidedResult, options: JudgeOptions): AnomalyResult {
  const confidence = options.confidence ?? 0.95;
  const mult = baseline.seasonality === "multiplicative";
  let levelSum = 0;
  let levelDays = 0;
  for (const p of baseline.points)
    if (p.expected !== null && p.sigma !== null) {
      levelSum += Math.max(0, p.expected);
      levelDays++;
    }
  const meanLevel = levelDays > 0 ? levelSum / levelDays : 0;
  const findings: AnomalyFinding[] = [];
  const points: BaselinePoint[] = [];
  let judgedDays = 0;
  for (const p of baseline.points) {
    if (p.expected === null || p.sigma === null || !(meanLevel > 0)) {
      points.push({ ...p, low: null, high: null, sigma: null });
      continue;
    }
    const expected = Math.max(p.expected, MIN_EXPECTED_COUNT);
    const scale = p.scale ?? 0;
    // Variance over mean: the larger of the robust scale's (the additive scale is in units at the series' average
    // level) and the days' own squared errors' (the robust scale, clipped for the normal curve, understates a skewed
    // count's spread); never below a Poisson count's, even where every other day was the same (a scale of 0).
    const noiseDispersion = Math.max(mult ? scale ** 2 : scale ** 2 / meanLevel, p.dispersion ?? 0);
    // Widened by the uncertainty of the day's fitted expected value, relative to the noise.
    const dispersion = Math.max(1, noiseDispersion) * (1 + Math.max(0, p.fitVariance ?? 0));
    const { low, high } = countInterval(expected, dispersion, confidence);
    const sigma = Math.sqrt(expected * dispersion);
    points.push({ ...p, expected, low, high, sigma, df: null });
    if (p.actual === null) continue;
    judgedDays++;
    if (p.actual >= low && p.actual <= high) continue;
    if (Math.abs(p.actual - expected) < (options.minAbsoluteDeviation ?? 0)) continue;
    const { upper, lower } = countTails(p.actual, expected, dispersion);
    const day = { date: p.date, actual: p.actual, expected, low, high, sigma };
    findings.push(dayFinding(options, day, confidence, Math.min(1, 2 * Math.min(upper, lower))));
  }
  return { findings, points, judgedDays, noise: null };
}

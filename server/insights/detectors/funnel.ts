import { normalQuantile, twoSidedNormalP } from "../stats/distributions";
import { directionOf, relativeChange, type Finding } from "../types";

// Conversion between consecutive funnel stages (impressions → clicks → sessions → engaged
// sessions → conversions), current period against baseline, one finding per step.
//
// Test: the two-proportion z-test with the pooled rate, the standard test for a change in a
// conversion rate. Two adjustments keep it honest on marketing data:
//   - Overdispersion. With a million sessions the binomial standard error is tiny and every
//     wobble would be "significant", yet daily rates vary far more than binomial sampling
//     explains. When daily counts are supplied, the Pearson dispersion φ = χ²/(days − 1) of the
//     daily rates around the period rate (quasi-binomial, φ ≥ 1) scales the variance.
//   - Steps that are not proportions (conversions per session can exceed 1, several events per
//     session) use the Poisson rate comparison instead: conditional on the two numerators' sum,
//     the current one is binomial with p = d₁ / (d₀ + d₁) under no change.

export interface FunnelStage {
  metric: string;
  current: number;
  baseline: number;
  /** Optional daily counts of the stage in each period (same days for every stage). */
  currentDaily?: readonly number[];
  baselineDaily?: readonly number[];
}

export interface FunnelOptions {
  periodStart: string;
  periodEnd: string;
  confidence?: number;
  dimension?: string | null;
  dimensionValue?: string | null;
}

export interface FunnelStepFinding extends Finding {
  kind: "funnel";
  /** The stage converted from; `metric` is the stage converted to. */
  fromMetric: string;
  /** Step rates (to / from) in each period, as fractions. */
  current: number | null;
  baseline: number | null;
  pValue: number | null;
  significant: boolean;
  dispersion: number;
  test: "two_proportion" | "poisson_rate" | "none";
}

export function analyzeFunnel(stages: readonly FunnelStage[], options: FunnelOptions): FunnelStepFinding[] {
  const confidence = options.confidence ?? 0.95;
  const q = normalQuantile(1 - (1 - confidence) / 2);
  const findings: FunnelStepFinding[] = [];
  for (let i = 0; i + 1 < stages.length; i++) {
    const from = stages[i];
    const to = stages[i + 1];
    const r1 = from.current > 0 ? to.current / from.current : null;
    const r0 = from.baseline > 0 ? to.baseline / from.baseline : null;
    let pValue: number | null = null;
    let low: number | null = null;
    let high: number | null = null;
    let dispersion = 1;
    let test: FunnelStepFinding["test"] = "none";
    if (r1 !== null && r0 !== null) {
      const proportion = r1 <= 1 && r0 <= 1;
      test = proportion ? "two_proportion" : "poisson_rate";
      dispersion = Math.max(
        1,
        pearsonDispersion(from.currentDaily, to.currentDaily, r1, proportion),
        pearsonDispersion(from.baselineDaily, to.baselineDaily, r0, proportion),
      );
      const pooled = (to.current + to.baseline) / (from.current + from.baseline);
      const variance =
        (proportion ? pooled * (1 - pooled) : pooled) * (1 / from.current + 1 / from.baseline) * dispersion;
      const se = Math.sqrt(variance);
      pValue = se > 0 ? twoSidedNormalP((r1 - r0) / se) : r1 === r0 ? 1 : 0;
      low = Math.max(0, r0 - q * se);
      high = proportion ? Math.min(1, r0 + q * se) : r0 + q * se;
    }
    const change = r1 !== null && r0 !== null ? r1 - r0 : null;
    findings.push({
      kind: "funnel",
      metric: to.metric,
      fromMetric: from.metric,
      dimension: options.dimension ?? null,
      dimensionValue: options.dimensionValue ?? null,
      periodStart: options.periodStart,
      periodEnd: options.periodEnd,
      current: r1,
      baseline: r0,
      change,
      changePct: r1 !== null && r0 !== null ? relativeChange(r1, r0) : null,
      expectedLow: low,
      expectedHigh: high,
      confidence,
      direction: change === null ? null : directionOf(change),
      pValue,
      significant: pValue !== null && pValue < 1 - confidence && change !== 0,
      dispersion,
      test,
    });
  }
  return findings;
}

/** Pearson χ² / (days − 1) of daily step rates around the period rate; 1 without daily data. */
function pearsonDispersion(
  fromDaily: readonly number[] | undefined,
  toDaily: readonly number[] | undefined,
  rate: number,
  proportion: boolean,
): number {
  if (!fromDaily || !toDaily || fromDaily.length !== toDaily.length || fromDaily.length < 3) return 1;
  let chi2 = 0;
  let days = 0;
  for (let d = 0; d < fromDaily.length; d++) {
    const n = fromDaily[d];
    if (!(n > 0)) continue;
    const expected = n * rate;
    const variance = proportion ? n * rate * (1 - rate) : expected;
    if (!(variance > 0)) continue;
    chi2 += (toDaily[d] - expected) ** 2 / variance;
    days++;
  }
  return days >= 3 ? chi2 / (days - 1) : 1;
}

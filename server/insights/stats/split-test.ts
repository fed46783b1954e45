// The statistics of a URL split test (docs/decisions/0013-split-test-statistics.md): pure
// functions, no database. Variant A is the control, B the challenger; every difference is B − A.
import { mean, variance } from "./descriptive";
import { normalQuantile, studentTQuantile, twoSidedNormalP, twoSidedStudentTP } from "./distributions";

export interface Interval {
  low: number;
  high: number;
}

export interface Comparison {
  /** The value of A and B (a rate, or a mean). */
  a: number;
  b: number;
  /** B − A, and its confidence interval at `confidence`. */
  difference: number;
  interval: Interval;
  /** (B − A) / A; null when A is 0. */
  relative: number | null;
  /** Two-sided p-value; null when the test cannot be computed (no variance, too few observations). */
  pValue: number | null;
}

/**
 * Two-proportion z test (xA of nA against xB of nB). The p-value uses the pooled proportion under
 * the null hypothesis (statsmodels `proportions_ztest`); the interval uses the unpooled standard
 * error (the Wald interval of statsmodels `confint_proportions_2indep(method="wald")`).
 */
export function twoProportionTest(xA: number, nA: number, xB: number, nB: number, confidence = 0.95): Comparison {
  const a = xA / nA;
  const b = xB / nB;
  const difference = b - a;
  const pooled = (xA + xB) / (nA + nB);
  const sePooled = Math.sqrt(pooled * (1 - pooled) * (1 / nA + 1 / nB));
  const se = Math.sqrt((a * (1 - a)) / nA + (b * (1 - b)) / nB);
  const z = normalQuantile(1 - (1 - confidence) / 2);
  return {
    a,
    b,
    difference,
    interval: { low: difference - z * se, high: difference + z * se },
    relative: a === 0 ? null : difference / a,
    pValue: sePooled > 0 ? twoSidedNormalP(difference / sePooled) : null,
  };
}

export interface WelchResult extends Comparison {
  /** Welch–Satterthwaite degrees of freedom. */
  df: number | null;
}

/** Welch's unequal-variance t test on two samples (scipy `ttest_ind(a, b, equal_var=False)`, sign B − A). */
export function welchTest(sampleA: readonly number[], sampleB: readonly number[], confidence = 0.95): WelchResult {
  const a = mean(sampleA);
  const b = mean(sampleB);
  const difference = b - a;
  const relative = a === 0 ? null : difference / a;
  const nA = sampleA.length;
  const nB = sampleB.length;
  if (nA < 2 || nB < 2)
    return { a, b, difference, interval: { low: NaN, high: NaN }, relative, pValue: null, df: null };
  const vA = variance(sampleA) / nA;
  const vB = variance(sampleB) / nB;
  const se = Math.sqrt(vA + vB);
  if (!(se > 0))
    return { a, b, difference, interval: { low: difference, high: difference }, relative, pValue: null, df: null };
  const df = (vA + vB) ** 2 / (vA ** 2 / (nA - 1) + vB ** 2 / (nB - 1));
  const t = studentTQuantile(1 - (1 - confidence) / 2, df);
  return {
    a,
    b,
    difference,
    interval: { low: difference - t * se, high: difference + t * se },
    relative,
    pValue: twoSidedStudentTP(difference / se, df),
    df,
  };
}

/**
 * Sessions per variant needed to detect a relative change `mde` of a baseline rate `p` with a
 * two-sided test at `confidence` and `power` (the normal-approximation formula with unpooled
 * variances, Fleiss without continuity correction): n = (z₁₋α/₂ + z_power)² (p₁q₁ + p₂q₂) / (p₂ − p₁)².
 * Infinity when the rate is 0 or 1, or the target rate leaves [0, 1].
 */
export function sampleSizeForRate(p: number, mde: number, confidence = 0.95, power = 0.8): number {
  const p2 = p * (1 + mde);
  if (!(p > 0 && p < 1) || !(p2 > 0 && p2 < 1) || mde === 0) return Infinity;
  const z = normalQuantile(1 - (1 - confidence) / 2) + normalQuantile(power);
  return Math.ceil((z * z * (p * (1 - p) + p2 * (1 - p2))) / (p2 - p) ** 2);
}

/**
 * Observations (days) per variant needed to detect a relative change `mde` of mean `m`, given the
 * two samples' standard deviations: n = (z₁₋α/₂ + z_power)² (s_A² + s_B²) / (m · mde)².
 */
export function sampleSizeForMean(m: number, sdA: number, sdB: number, mde: number, confidence = 0.95, power = 0.8) {
  const delta = m * mde;
  if (!(Math.abs(delta) > 0) || !Number.isFinite(sdA) || !Number.isFinite(sdB)) return Infinity;
  const z = normalQuantile(1 - (1 - confidence) / 2) + normalQuantile(power);
  return Math.ceil((z * z * (sdA * sdA + sdB * sdB)) / (delta * delta));
}

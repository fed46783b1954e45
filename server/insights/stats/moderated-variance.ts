import { fSurvival } from "./distributions";

// Empirical Bayes moderation of many series' noise scales (Smyth 2004, "Linear models and empirical Bayes methods
// for assessing differential expression", the method of limma's eBayes; with a trend in the series' size as
// limma-trend, Law et al. 2014). A report judges every day of 50-250 segment series, each with its own noise scale
// estimated from about 85 days: a Student t with ~46 degrees of freedom, whose tail at the report-wide bar (p about
// 3·10⁻⁵ over 1,500 tests) sits at 4.6 σ against 4.15 for a known σ, so an honest 5 SD day in a small campaign was
// often missed. The segments of one metric tell each other how noisy such series are: each scale is shrunk toward
// the scale its size predicts, by as much as the scales agree (d0, estimated from their spread), and its degrees of
// freedom grow by d0. Scales that disagree (d0 near 0) are left almost as they were.
//
// One series far noisier than its peers (an erratic campaign) would be shrunk toward their calm and report its
// ordinary days as unusual. As limma's robust option (Phipson et al. 2016) guards against, a series whose variance
// is in the prior's upper tail (P < OUTLIER_P under the F the prior implies) is left out of the prior's fit and judged
// on its own scale and degrees of freedom.

export interface SeriesNoise {
  /** The series' noise variance estimate (its scale squared). */
  s2: number;
  /** Its degrees of freedom. */
  d: number;
  /** The series' size (its mean daily value): the prior's trend is linear in its logarithm. */
  level: number;
}

export interface VariancePrior {
  /** The prior's degrees of freedom (Infinity: the scales agree beyond their sampling noise). */
  d0: number;
  /** The prior variance for a series of this size. */
  s02: (level: number) => number;
}

/** A series' variance this far in the prior's upper tail is its own: not pooled, not moderated. */
export const OUTLIER_P = 0.01;

/**
 * Fewest series to learn a prior from: the trend takes two of their degrees of freedom and the spread needs the
 * rest (six here). A shop's 6 channels and 3 devices are 9 series of each metric.
 */
export const MIN_SERIES_FOR_PRIOR = 8;

/** ψ(x), the digamma function, for x > 0 (recurrence to x ≥ 6, then its asymptotic series; ~1e-13). */
export function digamma(x: number): number {
  let shift = 0;
  while (x < 6) {
    shift -= 1 / x;
    x += 1;
  }
  const f = 1 / (x * x);
  return (
    shift +
    Math.log(x) -
    0.5 / x -
    f * (1 / 12 - f * (1 / 120 - f * (1 / 252 - f * (1 / 240 - f * (1 / 132 - (f * 691) / 32760)))))
  );
}

/** ψ₁(x), the trigamma function, for x > 0. */
export function trigamma(x: number): number {
  let shift = 0;
  while (x < 6) {
    shift += 1 / (x * x);
    x += 1;
  }
  const f = 1 / (x * x);
  return shift + 1 / x + f / 2 + (f / x) * (1 / 6 - f * (1 / 30 - f * (1 / 42 - f * (1 / 30 - (f * 5) / 66))));
}

/** ψ₂(x), the tetragamma function, for x > 0 (Newton's derivative for trigammaInverse). */
function tetragamma(x: number): number {
  let shift = 0;
  while (x < 6) {
    shift -= 2 / (x * x * x);
    x += 1;
  }
  const f = 1 / (x * x);
  return shift - f - f / x - (f * f) / 2 + f * f * f * (1 / 6 - f * (1 / 6 - (f * 3) / 10));
}

/** The x with trigamma(x) = y (limma's trigammaInverse: Newton from 0.5 + 1/y). */
export function trigammaInverse(y: number): number {
  if (y > 1e7) return 1 / Math.sqrt(y);
  if (y < 1e-6) return 1 / y;
  let x = 0.5 + 1 / y;
  for (let i = 0; i < 50; i++) {
    const tri = trigamma(x);
    const dif = (tri * (1 - tri / y)) / tetragamma(x);
    x += dif;
    if (-dif / x < 1e-8) break;
  }
  return x;
}

/**
 * The prior of the series' variances (limma's fitFDist with a covariate): log s² corrected for its chi-square bias
 * is fitted by a line in log(level); the residuals' spread beyond what d alone explains gives d0; null with fewer
 * than MIN_SERIES_FOR_PRIOR usable series.
 */
export function fitVariancePrior(series: readonly SeriesNoise[]): VariancePrior | null {
  const usable = series.filter((s) => s.s2 > 0 && s.d > 0 && s.level > 0 && Number.isFinite(s.s2));
  const n = usable.length;
  if (n < MIN_SERIES_FOR_PRIOR) return null;
  const x = usable.map((s) => Math.log(s.level));
  const e = usable.map((s) => Math.log(s.s2) - digamma(s.d / 2) + Math.log(s.d / 2));
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const me = e.reduce((a, b) => a + b, 0) / n;
  let sxx = 0;
  let sxe = 0;
  for (let i = 0; i < n; i++) {
    sxx += (x[i] - mx) ** 2;
    sxe += (x[i] - mx) * (e[i] - me);
  }
  const slope = sxx > 0 ? sxe / sxx : 0;
  const trend = (logLevel: number) => me + slope * (logLevel - mx);
  let residual = 0;
  for (let i = 0; i < n; i++) residual += (e[i] - trend(x[i])) ** 2;
  const meanTrigamma = usable.reduce((a, s) => a + trigamma(s.d / 2), 0) / n;
  const evar = residual / (n - 2) - meanTrigamma;
  if (!(evar > 0)) return { d0: Infinity, s02: (level) => Math.exp(trend(Math.log(level))) };
  const d0 = 2 * trigammaInverse(evar);
  const bias = digamma(d0 / 2) - Math.log(d0 / 2);
  return { d0, s02: (level) => Math.exp(trend(Math.log(level)) + bias) };
}

/** Whether a series' variance is far above what the prior predicts for its size (then it is judged on its own). */
export function noisierThanPeers(s2: number, d: number, level: number, prior: VariancePrior): boolean {
  return fSurvival(s2 / prior.s02(level), d, prior.d0) < OUTLIER_P;
}

/** The prior fitted without the series far noisier than it predicts (one refit; null as fitVariancePrior). */
export function fitRobustVariancePrior(series: readonly SeriesNoise[]): VariancePrior | null {
  const first = fitVariancePrior(series);
  if (!first) return null;
  const calm = series.filter((s) => !noisierThanPeers(s.s2, s.d, s.level, first));
  return calm.length === series.length ? first : (fitVariancePrior(calm) ?? first);
}

/**
 * A series' variance shrunk toward the prior, and its degrees of freedom (limma's s2.post and df.total); its own
 * when it is far noisier than the prior predicts.
 */
export function moderate(
  s2: number,
  d: number,
  level: number,
  prior: VariancePrior,
  maxDf: number,
): { s2: number; d: number } {
  if (noisierThanPeers(s2, d, level, prior)) return { s2, d };
  const s02 = prior.s02(level);
  if (!Number.isFinite(prior.d0)) return { s2: s02, d: maxDf };
  return { s2: (prior.d0 * s02 + d * s2) / (prior.d0 + d), d: Math.min(maxDf, d + prior.d0) };
}

/** How one pool's series are moderated: a variance, its degrees of freedom and its series' size in, moderated out. */
export type PoolModerator = (s2: number, d: number, level: number) => { s2: number; d: number };

/**
 * The moderation of one pool of series (one metric of one source's segments): the robust prior their noise estimates
 * give, each variance shrunk toward it, with no more degrees of freedom than all the pool's series have together
 * (limma's cap). Null when the pool is too small to learn a prior from. The one place both engines' one-day tests of a
 * segment get their moderated σ (v2's engine/analyses/segment-noise.ts, v3's model/pooled-noise.ts; ADR 0018).
 */
export function poolModerator(pool: readonly SeriesNoise[]): PoolModerator | null {
  const prior = fitRobustVariancePrior(pool);
  if (!prior) return null;
  const maxDf = pool.reduce((sum, n) => sum + n.d, 0);
  return (s2, d, level) => moderate(s2, d, level, prior, maxDf);
}

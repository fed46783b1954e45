// Segment costs for the change-point search (in the spirit of ruptures' BaseCost): each is fitted once to a series
// and answers the cost of any segment [start, end) in O(1) from prefix sums. A cost is twice the negative
// log-likelihood of the segment under its own best parameters (up to a constant), so the drop in cost from cutting a
// segment in two is a likelihood-ratio statistic. Periods with weight 0 (unknown) add nothing.

export interface SegmentCost {
  /** What the cost models ("mean", "rate", "line"): the parameters one segment has. */
  readonly model: "mean" | "rate" | "line";
  /** Parameters a segment fits (1 for a level, 2 for a line). */
  readonly parameters: number;
  /** Twice the negative log-likelihood of [start, end) at its own fitted parameters. */
  error(start: number, end: number): number;
  /** The segment's fitted level (its weighted mean, or its line's value at its midpoint). */
  level(start: number, end: number): number;
  /** A line's slope per period (0 for a level). */
  slope(start: number, end: number): number;
}

/** Prefix sums: sums[i] is the sum of the first i terms. */
function prefix(n: number, term: (i: number) => number): Float64Array {
  const sums = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) sums[i + 1] = sums[i] + term(i);
  return sums;
}

const known = (x: number, w: number) => Number.isFinite(x) && w > 0;

/**
 * A normal level per segment with known variances: x the adjusted values, w = 1 / their variance. The cost is the
 * weighted sum of squares about the segment's weighted mean.
 */
export function normalMeanCost(x: Float64Array, w: Float64Array): SegmentCost {
  const n = x.length;
  const sw = prefix(n, (i) => (known(x[i], w[i]) ? w[i] : 0));
  const sx = prefix(n, (i) => (known(x[i], w[i]) ? w[i] * x[i] : 0));
  const sxx = prefix(n, (i) => (known(x[i], w[i]) ? w[i] * x[i] * x[i] : 0));
  const level = (s: number, e: number) => {
    const W = sw[e] - sw[s];
    return W > 0 ? (sx[e] - sx[s]) / W : NaN;
  };
  return {
    model: "mean",
    parameters: 1,
    error(s, e) {
      const W = sw[e] - sw[s];
      if (!(W > 0)) return 0;
      const X = sx[e] - sx[s];
      return Math.max(0, sxx[e] - sxx[s] - (X * X) / W);
    },
    level,
    slope: () => 0,
  };
}

/**
 * A Poisson rate per segment with exposures (the season) and over-dispersion φ: the quasi-likelihood deviance
 * 2/φ · Σ [y log(y / (λe)) − (y − λe)] at λ = Σy / Σe. For counts of a few a day, where a normal level is too coarse.
 */
export function poissonRateCost(y: Float64Array, exposure: Float64Array, phi: number): SegmentCost {
  const n = y.length;
  const ok = (i: number) => Number.isFinite(y[i]) && exposure[i] > 0;
  const sy = prefix(n, (i) => (ok(i) ? y[i] : 0));
  const se = prefix(n, (i) => (ok(i) ? exposure[i] : 0));
  const sylogy = prefix(n, (i) => (ok(i) && y[i] > 0 ? y[i] * Math.log(y[i]) : 0));
  const syloge = prefix(n, (i) => (ok(i) && y[i] > 0 ? y[i] * Math.log(exposure[i]) : 0));
  const scale = 2 / Math.max(phi, 1e-9);
  return {
    model: "rate",
    parameters: 1,
    error(s, e) {
      const Y = sy[e] - sy[s];
      const E = se[e] - se[s];
      if (!(E > 0) || !(Y > 0)) return 0;
      return Math.max(0, scale * (sylogy[e] - sylogy[s] - (syloge[e] - syloge[s]) - Y * Math.log(Y / E)));
    },
    level(s, e) {
      const E = se[e] - se[s];
      return E > 0 ? (sy[e] - sy[s]) / E : NaN;
    },
    slope: () => 0,
  };
}

/** A normal line per segment with known variances: the weighted residual sum of squares of its least-squares line. */
export function normalLineCost(x: Float64Array, w: Float64Array): SegmentCost {
  const n = x.length;
  const wk = (i: number) => (known(x[i], w[i]) ? w[i] : 0);
  const xv = (i: number) => (known(x[i], w[i]) ? x[i] : 0);
  const s0 = prefix(n, wk);
  const s1 = prefix(n, (i) => wk(i) * i);
  const s2 = prefix(n, (i) => wk(i) * i * i);
  const sy = prefix(n, (i) => wk(i) * xv(i));
  const sty = prefix(n, (i) => wk(i) * i * xv(i));
  const syy = prefix(n, (i) => wk(i) * xv(i) * xv(i));
  const fit = (s: number, e: number) => {
    const W = s0[e] - s0[s];
    if (!(W > 0)) return { W, a: NaN, b: 0, rss: 0 };
    const T = (s1[e] - s1[s]) / W;
    const Y = (sy[e] - sy[s]) / W;
    const Stt = s2[e] - s2[s] - W * T * T;
    const Sty = sty[e] - sty[s] - W * T * Y;
    const Syy = syy[e] - syy[s] - W * Y * Y;
    const b = Stt > 1e-12 ? Sty / Stt : 0;
    return { W, a: Y - b * T, b, rss: Math.max(0, Syy - b * Sty) };
  };
  return {
    model: "line",
    parameters: 2,
    // fit's residual sum of squares, the same arithmetic without its object: the search asks it of every segment.
    error(s, e) {
      const W = s0[e] - s0[s];
      if (!(W > 0)) return 0;
      const T = (s1[e] - s1[s]) / W;
      const Y = (sy[e] - sy[s]) / W;
      const Stt = s2[e] - s2[s] - W * T * T;
      const Sty = sty[e] - sty[s] - W * T * Y;
      const Syy = syy[e] - syy[s] - W * Y * Y;
      const b = Stt > 1e-12 ? Sty / Stt : 0;
      return Math.max(0, Syy - b * Sty);
    },
    level(s, e) {
      const f = fit(s, e);
      return f.a + f.b * ((s + e - 1) / 2);
    },
    slope: (s, e) => fit(s, e).b,
  };
}

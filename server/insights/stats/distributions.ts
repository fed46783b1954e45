// Normal and Student-t distribution functions, implemented here rather than pulled from a package
// because the engine needs only these four functions and they must run anywhere (server, worker,
// tests) without dependencies. Accuracy target: ~1e-12 relative for the CDFs in the range the
// detectors use, quantiles refined by Newton steps against those CDFs.

const SQRT2 = Math.SQRT2;
const SQRT_2PI = Math.sqrt(2 * Math.PI);

export function normalPdf(x: number): number {
  return Math.exp(-0.5 * x * x) / SQRT_2PI;
}

/**
 * erfc by a Taylor series of erf near zero and a Lentz continued fraction in the tails, which
 * keeps full relative precision for tail probabilities (p-values of 1e-12 stay meaningful).
 */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return NaN;
  if (x < 0) return 2 - erfc(-x);
  if (x < 2) {
    // erf(x) = 2/√π Σ (−1)^n x^(2n+1) / (n! (2n+1))
    let term = x;
    let total = x;
    const x2 = x * x;
    for (let n = 1; n < 200; n++) {
      term *= -x2 / n;
      const add = term / (2 * n + 1);
      total += add;
      if (Math.abs(add) < 1e-17 * Math.abs(total)) break;
    }
    return 1 - (2 / Math.sqrt(Math.PI)) * total;
  }
  if (x > 27) return 0;
  // erfc(x) = exp(−x²)/√π · 1/(x + 1/2/(x + 1/(x + 3/2/(x + ...)))) evaluated with modified Lentz.
  const tiny = 1e-300;
  let f = x;
  let c = x;
  let d = 0;
  for (let n = 1; n < 500; n++) {
    const a = n / 2;
    d = x + a * d;
    d = Math.abs(d) < tiny ? tiny : d;
    c = x + a / c;
    c = Math.abs(c) < tiny ? tiny : c;
    d = 1 / d;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(-x * x) / Math.sqrt(Math.PI) / f;
}

/** Standard normal CDF Φ(x). */
export function normalCdf(x: number): number {
  return 0.5 * erfc(-x / SQRT2);
}

/** Upper tail 1 − Φ(x), accurate far into the tail (no cancellation). */
export function normalSurvival(x: number): number {
  return 0.5 * erfc(x / SQRT2);
}

/**
 * Inverse normal CDF Φ⁻¹(p): Acklam's rational approximation (relative error 1.15e-9) followed by
 * one Halley step against the accurate CDF above, which brings it to machine precision.
 */
export function normalQuantile(p: number): number {
  if (!(p >= 0 && p <= 1)) return NaN;
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  const a = [
    -3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1,
    2.506628277459239,
  ];
  const b = [
    -5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1,
  ];
  const c = [
    -7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const pLow = 0.02425;
  let x: number;
  if (p < pLow) {
    const q = Math.sqrt(-2 * Math.log(p));
    x =
      (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
      ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  } else if (p <= 1 - pLow) {
    const q = p - 0.5;
    const r = q * q;
    x =
      ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) /
      (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
  } else {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    x =
      -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
      ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  // Halley refinement; work with the smaller tail so the error term keeps its precision.
  const e = p < 0.5 ? normalCdf(x) - p : 1 - p - normalSurvival(x);
  const u = e * SQRT_2PI * Math.exp(0.5 * x * x);
  return x - u / (1 + 0.5 * x * u);
}

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9; ~1e-15 relative). */
export function logGamma(x: number): number {
  const g = 7;
  const coef = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  const xm = x - 1;
  let a = coef[0];
  const t = xm + g + 0.5;
  for (let i = 1; i < g + 2; i++) a += coef[i] / (xm + i);
  return 0.5 * Math.log(2 * Math.PI) + (xm + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Continued fraction for the incomplete beta function (Numerical Recipes' betacf, Lentz). */
function betaContinuedFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 1000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return h;
}

/** Regularized incomplete beta I_x(a, b). */
export function regularizedBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  // The continued fraction converges fast for x < (a+1)/(a+b+2); use the symmetry otherwise.
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(a, b, x)) / a;
  return 1 - (front * betaContinuedFraction(b, a, 1 - x)) / b;
}

/** Student-t upper tail P(T > t) with `df` degrees of freedom (df may be fractional). */
export function studentTSurvival(t: number, df: number): number {
  if (Number.isNaN(t) || !(df > 0)) return NaN;
  if (!Number.isFinite(df) || df > 1e7) return normalSurvival(t);
  const tail = 0.5 * regularizedBeta(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? tail : 1 - tail;
}

/** F upper tail P(F > f) with (d1, d2) degrees of freedom; d2 = Infinity is the chi-square χ²(d1)/d1. */
export function fSurvival(f: number, d1: number, d2: number): number {
  if (!(f > 0)) return 1;
  // Past about 10⁶ the F is its limit to many digits; the beta's continued fraction would need long to converge.
  const b = Math.min(d2, 1e6);
  return regularizedBeta(b / (b + d1 * f), b / 2, d1 / 2);
}

export function studentTCdf(t: number, df: number): number {
  return 1 - studentTSurvival(t, df);
}

export function studentTPdf(t: number, df: number): number {
  return Math.exp(
    logGamma((df + 1) / 2) -
      logGamma(df / 2) -
      0.5 * Math.log(df * Math.PI) -
      ((df + 1) / 2) * Math.log(1 + (t * t) / df),
  );
}

/**
 * Inverse Student-t CDF. Starts from the Cornish–Fisher expansion around the normal quantile and
 * refines with safeguarded Newton steps against the CDF (bracketing keeps heavy tails at df ≈ 1
 * from overshooting).
 */
export function studentTQuantile(p: number, df: number): number {
  if (!(p >= 0 && p <= 1) || !(df > 0)) return NaN;
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  if (p === 0.5) return 0;
  if (p < 0.5) return -studentTQuantile(1 - p, df);
  if (!Number.isFinite(df) || df > 1e7) return normalQuantile(p);
  const z = normalQuantile(p);
  const z3 = z ** 3;
  const z5 = z ** 5;
  let t = z + (z3 + z) / (4 * df) + (5 * z5 + 16 * z3 + 3 * z) / (96 * df * df);
  if (!Number.isFinite(t) || t <= 0) t = z;
  const target = 1 - p; // upper tail, avoids cancellation for p near 1
  let lo = 0;
  let hi = Infinity;
  for (let i = 0; i < 100; i++) {
    const f = studentTSurvival(t, df) - target; // decreasing in t
    if (Math.abs(f) <= 1e-15 * target) break;
    if (f > 0) lo = t;
    else hi = t;
    let next = t + f / studentTPdf(t, df);
    if (!(next > lo && next < hi)) next = Number.isFinite(hi) ? (lo + hi) / 2 : Math.max(2 * t, lo + 1);
    if (Math.abs(next - t) <= 1e-14 * Math.max(1, Math.abs(t))) {
      t = next;
      break;
    }
    t = next;
  }
  return t;
}

/** Two-sided p-value of a z statistic. */
export function twoSidedNormalP(z: number): number {
  return Math.min(1, 2 * normalSurvival(Math.abs(z)));
}

/** Two-sided p-value of a t statistic. */
export function twoSidedStudentTP(t: number, df: number): number {
  return Math.min(1, 2 * studentTSurvival(Math.abs(t), df));
}

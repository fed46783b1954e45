import { logGamma, normalSurvival } from "../../stats/distributions";

// The p-value of a change point found by a search: the chance that a segment with no change anywhere in it shows a
// likelihood-ratio statistic this large at its best position. Over positions the statistic is a χ²(k) process (k the
// parameters a cut adds: 1 for a level, 2 for a line); the tail of its maximum is the approximation of James, James &
// Siegmund (1987) for a standardised Brownian bridge,
//   P(max_{t0 ≤ t ≤ t1} X(t) > b²) ≈ b^k e^{−b²/2} / (2^{k/2} Γ(k/2))
//     · [(1 − (k − 1)/b²) ln(t1(1 − t0) / (t0(1 − t1))) + 4/b²],
// t0 and t1 the shortest segment's share of the window at either end. For a search over whole periods it is
// conservative (the bridge is continuous), and it is never taken below the single position's own p-value.

/** The scan p-value of a cut at its best position: `lr` its likelihood ratio, `n` periods, `minSize` at either end. */
export function scanPValue(lr: number, n: number, minSize: number, parameters = 1): number {
  if (!(lr > 0)) return 1;
  const k = parameters;
  const b2 = lr;
  const t0 = Math.min(0.49, minSize / n);
  const t1 = 1 - t0;
  const span = Math.log((t1 * (1 - t0)) / (t0 * (1 - t1)));
  const logC = (k / 2) * Math.log(b2) - b2 / 2 - (k / 2) * Math.LN2 - logGamma(k / 2);
  const scan = Math.exp(logC) * (Math.max(0, 1 - (k - 1) / b2) * span + 4 / b2);
  return Math.min(1, Math.max(chiSquareSurvival(b2, k), scan));
}

/** P(χ²(k) > x) for k = 1 or 2 (the cuts a search makes). */
function chiSquareSurvival(x: number, k: number): number {
  return k === 2 ? Math.exp(-x / 2) : 2 * normalSurvival(Math.sqrt(x));
}

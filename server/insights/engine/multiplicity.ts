// False discovery rate control across a whole report (Benjamini & Hochberg 1995). Every detector
// reports its candidate findings with a p-value and how many hypotheses it tested (days judged,
// series scanned, steps compared); the report keeps the candidates whose p-value is at or below
// the BH threshold over ALL tests of the report. Candidates are those with p < 0.05 (each
// detector's own 95% level), and the BH threshold never exceeds q = 0.05, so judging only the
// candidates gives the same answer as judging every p-value. docs/decisions/0006 says why BH.

/** The report's target false discovery rate. */
export const FDR = 0.05;

/**
 * The BH threshold: the largest p(k) with p(k) ≤ k·q/m over the sorted candidate p-values, where m
 * is the number of tests (≥ the number of candidates). 0 when none passes.
 */
export function benjaminiHochbergThreshold(pValues: readonly number[], tests: number, q = FDR): number {
  const m = Math.max(tests, pValues.length);
  if (m === 0) return 0;
  const sorted = pValues.filter((p) => Number.isFinite(p)).sort((a, b) => a - b);
  let threshold = 0;
  for (let k = 1; k <= sorted.length; k++) if (sorted[k - 1] <= (k * q) / m) threshold = sorted[k - 1];
  return threshold;
}

/** BH-adjusted p-values (q-values) of all m p-values, as R's p.adjust(p, "BH"). */
export function adjustBh(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const out = new Array<number>(m);
  let running = 1;
  for (let k = m; k >= 1; k--) {
    const { p, i } = order[k - 1];
    running = Math.min(running, (p * m) / k);
    out[i] = running;
  }
  return out;
}

// The benchmark's scoring rule, exactly as ../shared/root-cause/README.md states it (and as the
// RiskLoc repository's utils/evaluation.py computes it): exact elements only; a parent or a child
// of a true element is wrong. Micro averages sum TP, FP and FN over the cases.

export interface CaseScore {
  tp: number;
  fp: number;
  fn: number;
}

/** Sorts the `dim=value` parts of each element, then de-duplicates the elements. */
export function canonicalElements(elements: readonly string[]): string[] {
  return [...new Set(elements.map((e) => e.split("&").sort().join("&")))];
}

/** Splits a `set` or `predicted` cell (elements joined by `;`; empty: none). */
export function parseElementSet(cell: string): string[] {
  return cell === "" ? [] : cell.split(";");
}

export function scoreCase(predicted: readonly string[], truth: string): CaseScore {
  const truths = canonicalElements(parseElementSet(truth));
  const predictions = canonicalElements(predicted);
  if (predictions.length === 0) return { tp: 0, fp: 0, fn: truths.length };
  const predictedSet = new Set(predictions);
  const tp = truths.filter((t) => predictedSet.has(t)).length;
  return { tp, fp: Math.max(predictions.length - tp, 0), fn: truths.length - tp };
}

export interface MicroScore extends CaseScore {
  f1: number;
  precision: number;
  recall: number;
}

export function microScore(cases: readonly CaseScore[]): MicroScore {
  const tp = cases.reduce((s, c) => s + c.tp, 0);
  const fp = cases.reduce((s, c) => s + c.fp, 0);
  const fn = cases.reduce((s, c) => s + c.fn, 0);
  const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);
  return { tp, fp, fn, f1: ratio(2 * tp, 2 * tp + fp + fn), precision: ratio(tp, tp + fp), recall: ratio(tp, tp + fn) };
}

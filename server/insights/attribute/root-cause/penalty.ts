import type { Cuboid } from "./cuboids";
import { changeStatisticFor } from "./element-test";

// The multiplicity of the search. Every element is one candidate test; alpha is split evenly over
// the layers searched (root, one dimension, two, ...) and, within a layer, over its candidates
// (Bonferroni). So an element of one dimension among 45 pays for 45 × layers tests, a leaf among
// 48,000 for 48,000 × layers: a deep element needs a much larger likelihood ratio, which is what
// keeps "mobile × Paid Search × Germany × one query" from explaining noise. An element enters the
// model when its change statistic passes its threshold; the search maximises the sum of
// (fit statistic − threshold) over the elements it keeps (element-test.ts), a penalised
// likelihood with a risk-inflation penalty per layer (Foster & George 1994) that lets "one parent
// or several children" be compared on one scale.

export interface Multiplicity {
  /** Per layer, the candidates an element of that layer stands for (elements × layers). */
  readonly candidates: readonly number[];
  /** Candidate elements over all layers. */
  readonly total: number;
}

export interface Thresholds {
  readonly alpha: number;
  /** The noise estimate's degrees of freedom the ratios are referred to (element-test.ts). */
  readonly df: number;
  readonly candidates: readonly number[];
  /** Per layer, the change statistic an element must exceed. */
  readonly threshold: readonly number[];
}

/** Counts the elements holding at least one informative leaf, per layer. */
export function multiplicity(cuboids: readonly Cuboid[], informative: Int32Array): Multiplicity {
  const layers = Math.max(...cuboids.map((c) => c.layer)) + 1;
  const perLayer = new Array<number>(layers).fill(0);
  for (const cuboid of cuboids) {
    const seen = new Uint8Array(cuboid.elementCount);
    let count = 0;
    for (let k = 0; k < informative.length; k++) {
      const e = cuboid.leafElement[informative[k]];
      if (seen[e]) continue;
      seen[e] = 1;
      count++;
    }
    perLayer[cuboid.layer] += count;
  }
  const candidates = perLayer.map((n) => Math.max(1, n) * layers);
  return { candidates, total: perLayer.reduce((s, n) => s + n, 0) };
}

export function thresholds(tests: Multiplicity, alpha: number, df: number): Thresholds {
  const { candidates } = tests;
  return {
    alpha,
    df,
    candidates,
    threshold: candidates.map((m) => changeStatisticFor(alpha / m, df)),
  };
}

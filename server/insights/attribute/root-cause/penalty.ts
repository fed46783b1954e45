import type { Cuboid } from "./cuboids";
import { likelihoodRatioFor } from "./element-test";

// The multiplicity of the search. Every element is one candidate test; alpha is split evenly over
// the layers searched (root, one dimension, two, ...) and, within a layer, over its candidates
// (Bonferroni). So an element of one dimension among 45 pays for 45 × layers tests, a leaf among
// 48,000 for 48,000 × layers: a deep element needs a much larger likelihood ratio, which is what
// keeps "mobile × Paid Search × Germany × one query" from explaining noise. An element enters the
// model when its likelihood ratio passes its threshold; the search maximises the sum of
// (ratio − threshold) over the elements it keeps, a penalised likelihood with a risk-inflation
// penalty per layer (Foster & George 1994) that lets "one parent or several children" be compared
// on one scale.

export interface Multiplicity {
  /** Per layer, the candidates an element of that layer stands for (elements × layers). */
  readonly candidates: readonly number[];
  /** Per layer, the likelihood ratio an element of several leaves must exceed. */
  readonly threshold: readonly number[];
  /** Per layer, the same for an element of one leaf (its ratio has one degree of freedom, not 1½). */
  readonly singleLeafThreshold: readonly number[];
  /** Candidate elements over all layers. */
  readonly total: number;
}

/** Counts the elements holding at least one informative leaf, per layer. */
export function multiplicity(cuboids: readonly Cuboid[], informative: Int32Array, alpha: number): Multiplicity {
  const layers = Math.max(...cuboids.map((c) => c.layer)) + 1;
  const perLayer = new Array<number>(layers).fill(0);
  for (const cuboid of cuboids) {
    const seen = new Uint8Array(cuboid.elementCount);
    let count = 0;
    for (let k = 0; k < informative.length; k++) {
      const e = cuboid.leafElement[informative[k]];
      if (!seen[e]) (seen[e] = 1), count++;
    }
    perLayer[cuboid.layer] += count;
  }
  const candidates = perLayer.map((n) => Math.max(1, n) * layers);
  return {
    candidates,
    threshold: candidates.map((m) => likelihoodRatioFor(alpha / m, 2)),
    singleLeafThreshold: candidates.map((m) => likelihoodRatioFor(alpha / m, 1)),
    total: perLayer.reduce((s, n) => s + n, 0),
  };
}

export function thresholdFor(tests: Multiplicity, layer: number, leaves: number): number {
  return leaves < 2 ? tests.singleLeafThreshold[layer] : tests.threshold[layer];
}

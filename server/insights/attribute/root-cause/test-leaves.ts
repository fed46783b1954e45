import { gaussian, mulberry32 } from "@/lib/seeded-random";
import type { LeafTable } from "./types";

// Generated leaf tables for the localiser's tests: the complete product of a few dimensions
// (named a, b, c, ... with values a1, a2, ...), expected values spread over two orders of
// magnitude, actual = expected × (1 + N(0, sigma)) × the planted change of the leaf.

export interface LeafSpec {
  sizes: readonly number[];
  sigma: number;
  seed: number;
  /** The factor on a leaf's actual value, from its value codes (default 1: no change). */
  change?: (codes: readonly number[]) => number;
  /** Count noise instead of relative noise: actual ~ Poisson-sized around expected × change. */
  counts?: boolean;
  /** Scales every expected value (default 100). */
  level?: number;
  /** A further factor on a leaf's expected value, from its value codes (default 1). */
  size?: (codes: readonly number[]) => number;
}

export function generateLeaves(spec: LeafSpec): LeafTable {
  const { sizes, sigma, seed, change = () => 1, counts = false, level = 100, size = () => 1 } = spec;
  const random = mulberry32(seed);
  const z = gaussian(random);
  const n = sizes.reduce((p, s) => p * s, 1);
  const dimensions = sizes.map((_, d) => String.fromCharCode(97 + d));
  const codes = sizes.map(() => new Int32Array(n));
  const actual = new Float64Array(n);
  const expected = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let rest = i;
    const leaf: number[] = [];
    for (let d = sizes.length - 1; d >= 0; d--) {
      leaf[d] = rest % sizes[d];
      rest = Math.floor(rest / sizes[d]);
    }
    leaf.forEach((code, d) => (codes[d][i] = code));
    expected[i] = level * size(leaf) * Math.exp(2 * random());
    const mean = expected[i] * change(leaf);
    actual[i] = counts ? Math.max(0, Math.round(mean + Math.sqrt(mean) * z())) : Math.max(0, mean * (1 + sigma * z()));
  }
  return {
    dimensions,
    values: sizes.map((s, d) => Array.from({ length: s }, (_, v) => `${dimensions[d]}${v + 1}`)),
    codes,
    actual,
    expected,
  };
}

/** Whether a leaf (its codes) matches an element given as dimension index → value code. */
export const inElement = (element: ReadonlyMap<number, number>) => (codes: readonly number[]) =>
  [...element].every(([d, v]) => codes[d] === v);

/** The benchmark's key of an element given as dimension index → value code. */
export const keyOf = (element: ReadonlyMap<number, number>): string =>
  [...element]
    .map(([d, v]) => `${String.fromCharCode(97 + d)}=${String.fromCharCode(97 + d)}${v + 1}`)
    .sort()
    .join("&");

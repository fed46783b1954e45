// The contract of the multi-dimensional root-cause localiser (docs/decisions/0024). Pure data in,
// pure data out: no database, no dates, no metric names; callers (the benchmark, the project
// loader) build a LeafTable and read RootCauseResult.

/**
 * The leaves of one change: every finest combination of dimension values that was observed,
 * with the value seen (actual) and the value expected without the change (a forecast, or the
 * comparison period scaled to the report period). The total is the sum over leaves.
 */
export interface LeafTable {
  /** Dimension names, in the order of `values` and `codes`. */
  readonly dimensions: readonly string[];
  /** Per dimension, its distinct values; a leaf's code is an index into this list. */
  readonly values: readonly (readonly string[])[];
  /** Per dimension, one code per leaf. */
  readonly codes: readonly Int32Array[];
  readonly actual: Float64Array;
  readonly expected: Float64Array;
}

/** One `dimension = value` condition of an element. */
export interface Condition {
  readonly dimension: string;
  readonly value: string;
}

/**
 * How an element was tested: a likelihood-ratio test of "its leaves share a change of their own"
 * against the noise model (element-test.ts), with Bonferroni over the candidates it stands for.
 */
export interface ElementTest {
  /** The χ²₁ statistic of the element's change against none, scaled down by its leaves' overdispersion. */
  readonly statistic: number;
  /** ±√statistic, signed as the element's change: the statistic on a z scale, for reading. */
  readonly z: number;
  /** The statistic's own p-value (before multiplicity). */
  readonly pValue: number;
  /** How much the element's leaves scatter around its change beyond their noise (τ, on the relative scale). */
  readonly scatter: number;
  /** How many candidate elements this one stands for: the elements of its layer × the layers searched. */
  readonly candidates: number;
  /** min(1, pValue × candidates): the Bonferroni p-value the element passed (≤ alpha). */
  readonly adjustedP: number;
}

/**
 * An element: every leaf matching all its conditions (no condition: the whole total). Elements of
 * one result never share a leaf: an element with `excludes` covers its leaves outside the listed,
 * more specific elements ("the rest of Germany").
 */
export interface RootCauseElement {
  /** Conditions in dimension order; `key` is them as `dimension=value` joined by `&`, sorted. */
  readonly conditions: readonly Condition[];
  readonly key: string;
  /** Number of conditions: 0 = the whole total, 1 = one dimension, ... */
  readonly layer: number;
  /** Sums over the leaves this element explains (its leaves minus those of `excludes`). */
  readonly actual: number;
  readonly expected: number;
  /** actual − expected. */
  readonly change: number;
  /** change / expected (Infinity when nothing was expected and something came). */
  readonly relativeChange: number;
  /** change / the total's change: the part of the change this element explains (can be < 0 or > 1). */
  readonly share: number;
  readonly leaves: number;
  readonly test: ElementTest;
  /** Keys of the more specific elements of this result nested inside this one. */
  readonly excludes: readonly string[];
}

/** The noise model the tests used: var(relative change of a leaf) = sigma² + phi / max(actual, expected). */
export interface NoiseModel {
  readonly sigma: number;
  readonly phi: number;
  /** Degrees of freedom of the fit (the tests refer to F with these). */
  readonly df: number;
  /** The leaves it was fitted on: those no element explains. */
  readonly leaves: number;
}

export interface RootCauseResult {
  /** The elements, most important (largest likelihood gain) first. */
  readonly elements: readonly RootCauseElement[];
  readonly total: { readonly actual: number; readonly expected: number; readonly change: number };
  /** Share of the total's change explained by all elements together. */
  readonly explainedShare: number;
  readonly noise: NoiseModel;
  /** Candidate elements that could be tested (with at least one informative leaf), over all layers. */
  readonly candidates: number;
  readonly alpha: number;
  readonly maxLayer: number;
}

export interface LocaliseOptions {
  /** Family-wise error rate per layer family (Bonferroni); default ROOT_CAUSE_DEFAULTS.alpha. */
  readonly alpha?: number;
  /** Most conditions an element may have; default all dimensions. */
  readonly maxLayer?: number;
}

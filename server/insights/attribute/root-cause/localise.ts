import { buildCuboids, type Cuboid } from "./cuboids";
import type { LeafStatistics } from "./element-sums";
import { elementConditions, elementKey } from "./describe";
import { changeP, changeStatistic, excessScatter } from "./element-test";
import { fitNoiseModel, leafWeight, MIN_FIT_LEAVES } from "./noise-model";
import { multiplicity, thresholds, type Multiplicity, type Thresholds } from "./penalty";
import { leafScale, relativeChange } from "./relative-change";
import { RootCauseSearch, type Pick } from "./search";
import type { Condition, LeafTable, LocaliseOptions, NoiseModel, RootCauseElement, RootCauseResult } from "./types";

/** Defaults of the localiser; each is argued in docs/decisions/0024. */
export const ROOT_CAUSE_DEFAULTS = {
  /** Family-wise error rate of each layer's candidates (Bonferroni within, alpha / layers each). */
  alpha: 0.05,
  /** Rounds of "search, refit the noise on the unexplained leaves" before the result stands. */
  noiseRounds: 4,
} as const;

/**
 * The smallest set of elements (dimension = value conditions, possibly in different cuboids) that
 * explains the difference between the leaves' actual and expected values, each with its effect,
 * its share of the change and the test it passed (docs/decisions/0024).
 */
export function localiseRootCause(table: LeafTable, options: LocaliseOptions = {}): RootCauseResult {
  const alpha = options.alpha ?? ROOT_CAUSE_DEFAULTS.alpha;
  const maxLayer = Math.min(options.maxLayer ?? table.dimensions.length, table.dimensions.length);
  const n = table.actual.length;
  const g = new Float64Array(n);
  const scale = new Float64Array(n);
  const informativeList: number[] = [];
  for (let i = 0; i < n; i++) {
    g[i] = relativeChange(table.actual[i], table.expected[i]);
    scale[i] = leafScale(table.actual[i], table.expected[i]);
    if (!Number.isNaN(g[i])) informativeList.push(i);
  }
  const informative = Int32Array.from(informativeList);
  const cuboids = buildCuboids(table, maxLayer);
  const candidates = multiplicity(cuboids, informative);

  // The noise is fitted on the leaves no element explains; the first fit sees every leaf, and the
  // anomalous ones widen it, so the search runs again on a refit until the fit stands still.
  // Too few leaves left unexplained to fit on: the last fit stands.
  let noise = fitNoiseModel(g, scale, informative);
  let tests: Thresholds;
  let picks: Pick[] = [];
  let search: RootCauseSearch;
  for (let round = 1; ; round++) {
    tests = thresholds(candidates, alpha, noise.df);
    search = new RootCauseSearch(cuboids, tests, leafStatistics(g, scale, informative, noise));
    picks = search.run(informative);
    const rest = unexplained(informative, picks, n);
    if (round >= ROOT_CAUSE_DEFAULTS.noiseRounds || rest.length < MIN_FIT_LEAVES) break;
    const next = fitNoiseModel(g, scale, rest);
    if (close(next, noise)) break;
    noise = next;
  }
  return describeResult(table, cuboids, { candidates, tests }, picks, search, { noise, alpha, maxLayer });
}

function leafStatistics(
  g: Float64Array,
  scale: Float64Array,
  informative: Int32Array,
  noise: NoiseModel,
): LeafStatistics {
  const weight = new Float64Array(g.length);
  const sum = new Float64Array(g.length);
  const square = new Float64Array(g.length);
  for (const i of informative) {
    weight[i] = leafWeight(noise, scale[i]);
    sum[i] = weight[i] * g[i];
    square[i] = sum[i] * g[i];
  }
  return { weight, sum, square };
}

function unexplained(informative: Int32Array, picks: readonly Pick[], n: number): Int32Array {
  const taken = new Uint8Array(n);
  for (const p of picks) for (const i of p.members) taken[i] = 1;
  return informative.filter((i) => !taken[i]);
}

function close(a: NoiseModel, b: NoiseModel): boolean {
  const near = (x: number, y: number) => Math.abs(x - y) <= 0.05 * Math.max(x, y);
  return near(a.sigma, b.sigma) && (near(a.phi, b.phi) || Math.max(a.phi, b.phi) < 1e-12);
}

function describeResult(
  table: LeafTable,
  cuboids: readonly Cuboid[],
  { candidates, tests }: { candidates: Multiplicity; tests: Thresholds },
  picks: readonly Pick[],
  search: RootCauseSearch,
  meta: { noise: NoiseModel; alpha: number; maxLayer: number },
): RootCauseResult {
  const total = { actual: sumOf(table.actual), expected: sumOf(table.expected), change: 0 };
  total.change = total.actual - total.expected;
  const conditionsOf = (p: Pick) => elementConditions(table, cuboids[p.cuboid], p.element);
  // Picks are disjoint in the leaves they explain; one that overlaps an earlier pick explains its
  // leaves outside it.
  const excludesOf = (p: Pick) =>
    picks
      .slice(0, picks.indexOf(p))
      .filter((q) => overlaps(conditionsOf(p), conditionsOf(q)))
      .map((q) => elementKey(conditionsOf(q)));
  const ordered = [...picks].sort((a, b) => search.gain(b) - search.gain(a));
  const elements = ordered.map((p): RootCauseElement => {
    const cuboid = cuboids[p.cuboid];
    const conditions = elementConditions(table, cuboid, p.element);
    let actual = 0;
    let expected = 0;
    for (const i of p.members) {
      actual += table.actual[i];
      expected += table.expected[i];
    }
    const change = actual - expected;
    const statistic = changeStatistic(p);
    const pValue = changeP(statistic, tests.df);
    const stands = tests.candidates[cuboid.layer];
    return {
      conditions,
      key: elementKey(conditions),
      layer: cuboid.layer,
      actual,
      expected,
      change,
      relativeChange: expected !== 0 ? change / expected : change === 0 ? 0 : Infinity * Math.sign(change),
      share: total.change !== 0 ? change / total.change : 0,
      leaves: p.members.length,
      test: {
        statistic,
        z: Math.sign(p.sum) * Math.sqrt(statistic),
        pValue,
        scatter: excessScatter(p),
        candidates: stands,
        adjustedP: Math.min(1, pValue * stands),
      },
      excludes: excludesOf(p),
    };
  });
  const explained = elements.reduce((s, e) => s + e.change, 0);
  return {
    elements,
    total,
    explainedShare: total.change !== 0 ? explained / total.change : 0,
    noise: meta.noise,
    candidates: candidates.total,
    alpha: meta.alpha,
    maxLayer: meta.maxLayer,
  };
}

function sumOf(values: Float64Array): number {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i];
  return s;
}

/** Whether two elements share a leaf: no dimension they both fix holds different values. */
function overlaps(a: readonly Condition[], b: readonly Condition[]): boolean {
  return a.every((x) => b.every((y) => x.dimension !== y.dimension || x.value === y.value));
}

import { isStrictSuperCuboid, type Cuboid } from "./cuboids";
import { ElementSums, type LeafStatistics, type LeafSums, type VisitElement } from "./element-sums";
import { changeStatistic, fitStatistic } from "./element-test";
import type { Thresholds } from "./penalty";

// The search for the set of elements that explains a change best (docs/decisions/0024).
//
// The model: every leaf's relative change is zero plus noise, except on the leaves of the chosen
// elements, each of which has a change of its own (element-test.ts). Its score is the sum of
// (likelihood ratio − threshold) over the chosen elements (penalty.ts). The search is greedy:
//   1. among all elements of all cuboids, on the leaves not yet explained, take the one with the
//      largest ratio − threshold (if positive);
//   2. check it is one element and not several: if some more specific element inside it differs
//      from the rest of it past its own threshold (a two-sample test), search inside it the same
//      way and compare the scores of "the element" and "the elements inside it (plus, or not, the
//      rest of it)". If the element wins, its leaves are explained; if not, it is set aside for
//      this pass and the search goes on: the elements inside it will be found on their own, at
//      their full extent (an element found inside a region may reach beyond it);
//   3. repeat until no element passes; then one more pass over the leaves left, with nothing set
//      aside, finds a region whose remainder changed once its parts are explained.
// Greedy alone would fail at step 2: the parent of several affected children has a larger ratio
// than any one child, and once it is chosen the children's leaves are gone. The whole total (the
// root) goes through the same check, but first: the search inside it is the search itself.

export interface Pick extends LeafSums {
  readonly cuboid: number;
  readonly element: number;
  /** The informative leaves this element explains. */
  readonly members: Int32Array;
}

// Guards against a search that keeps finding elements: no real change has this many.
const MAX_PICKS = 500;
const MAX_PASSES = 3;

export class RootCauseSearch {
  private readonly sums: ElementSums;
  private readonly all: number[];
  private readonly belowRoot: number[];
  private picks = 0;

  /** `cuboids[0]` must be the root (no dimension), as buildCuboids makes it. */
  constructor(
    private readonly cuboids: readonly Cuboid[],
    private readonly tests: Thresholds,
    private readonly leaves: LeafStatistics,
  ) {
    this.sums = new ElementSums(cuboids, leaves);
    this.all = cuboids.map((_, c) => c);
    this.belowRoot = this.all.filter((c) => cuboids[c].layer > 0);
  }

  /** The picks explaining `leaves` (informative leaf indices), in the order they claimed leaves. */
  run(leaves: Int32Array): Pick[] {
    this.picks = 0;
    const found: Pick[] = [];
    let active = leaves;
    // The sums of the leaves left, below the root: added once, kept up to date by every pass.
    const held = this.hold(leaves, this.belowRoot);
    for (let pass = 0; pass < MAX_PASSES && active.length > 0; pass++) {
      const more = this.pass(active, held);
      if (more.length === 0) break;
      found.push(...more);
      active = without(active, more);
    }
    return found;
  }

  /** What an element adds to the model's score: its fit minus its threshold; −∞ if its change does not pass. */
  gain(pick: LeafSums & { cuboid: number }): number {
    return this.gainOf(pick.cuboid, pick);
  }

  private gainOf(cuboid: number, sums: LeafSums): number {
    const threshold = this.tests.threshold[this.cuboids[cuboid].layer];
    return changeStatistic(sums) > threshold ? fitStatistic(sums) - threshold : -Infinity;
  }

  /**
   * One pass: the whole total if it is one change, else the elements below it (and the rest of
   * it). `held` holds the sums of `active`; the greedy search removes what it explains, and when
   * the pass keeps less than the search found, the rest of the total takes every leaf left.
   */
  private pass(active: Int32Array, held: ElementSums | undefined): Pick[] {
    const root = this.pick(0, 0, active);
    if (this.gain(root) > 0 && !this.splits(root, this.belowRoot, held)) return [root];
    return this.withRest(root, this.greedy(active, this.belowRoot, Infinity, held));
  }

  /** Sums of `scope` kept for the search to read again and again, when it has more leaf-cuboid pairs than elements. */
  private hold(scope: Int32Array, allowed: readonly number[]): ElementSums | undefined {
    const elements = allowed.reduce((s, c) => s + this.cuboids[c].elementCount, 0);
    if (scope.length * allowed.length <= elements) return undefined;
    const held = new ElementSums(this.cuboids, this.leaves, allowed);
    held.add(scope, allowed);
    return held;
  }

  /**
   * The first k of `inside` (in the order found) and, when it passes, the rest of `root` as one
   * element, for the k that scores best. "Everything rose 5 %, mobile in Germany fell 40 %" is two
   * elements, not mobile in Germany and then every channel that rose 5 % one by one; with no
   * change in the rest, k is all of them and there is no rest.
   */
  private withRest(root: Pick, inside: readonly Pick[]): Pick[] {
    const rest: LeafSums = { count: root.count, weight: root.weight, sum: root.sum, square: root.square };
    const restGain = () => (rest.count > 0 ? this.gain({ ...rest, cuboid: root.cuboid }) : 0);
    let score = 0;
    let bestScore = Math.max(0, restGain());
    let bestK = 0;
    let bestWithRest = restGain() > 0;
    inside.forEach((p, k) => {
      score += this.gain(p);
      rest.count -= p.count;
      rest.weight -= p.weight;
      rest.sum -= p.sum;
      rest.square -= p.square;
      const total = score + Math.max(0, restGain());
      if (total <= bestScore) return;
      bestScore = total;
      bestK = k + 1;
      bestWithRest = restGain() > 0;
    });
    const kept = inside.slice(0, bestK);
    return bestWithRest ? [...kept, this.pick(root.cuboid, root.element, without(root.members, kept))] : kept;
  }

  /** Picks elements of `allowed` on `scope` until none passes (or their gains sum past `enough`). */
  private greedy(
    scope: Int32Array,
    allowed: readonly number[],
    enough = Infinity,
    held = this.hold(scope, allowed),
  ): Pick[] {
    const found: Pick[] = [];
    const setAside = new Set<number>();
    let active = scope;
    let gained = 0;
    while (active.length > 0 && this.picks < MAX_PICKS && gained <= enough) {
      const best = this.best(active, allowed, setAside, held);
      if (!best) break;
      if (!this.single(best)) {
        setAside.add(elementId(best.cuboid, best.element));
        continue;
      }
      held?.remove(best.members, allowed);
      this.picks++;
      gained += this.gain(best);
      found.push(best);
      active = without(active, [best]);
    }
    return found;
  }

  /** The element of `allowed` with the largest positive gain on `leaves`, not set aside. */
  private best(
    leaves: Int32Array,
    allowed: readonly number[],
    setAside: ReadonlySet<number>,
    held: ElementSums | undefined,
  ): Pick | undefined {
    let bestGain = 0;
    let bestCuboid = -1;
    let bestElement = -1;
    const visit: VisitElement = (c, e, sums) => {
      const gain = this.gainOf(c, sums);
      if (gain <= bestGain || setAside.has(elementId(c, e))) return;
      bestGain = gain;
      bestCuboid = c;
      bestElement = e;
    };
    if (held) held.visitAll(allowed, visit);
    else this.sums.scan(leaves, allowed, visit);
    return bestCuboid < 0 ? undefined : this.pick(bestCuboid, bestElement, leaves);
  }

  private pick(cuboid: number, element: number, leaves: Int32Array): Pick {
    const leafElement = this.cuboids[cuboid].leafElement;
    const members = leaves.filter((i) => leafElement[i] === element);
    let weight = 0;
    let sum = 0;
    let square = 0;
    for (const i of members) {
      weight += this.leaves.weight[i];
      sum += this.leaves.sum[i];
      square += this.leaves.square[i];
    }
    return { cuboid, element, members, count: members.length, weight, sum, square };
  }

  /** Whether `parent` explains its leaves better as one element than the elements inside it do. */
  private single(parent: Pick): boolean {
    const outer = this.cuboids[parent.cuboid];
    const inner = this.all.filter((c) => isStrictSuperCuboid(this.cuboids[c], outer));
    if (inner.length === 0 || !this.splits(parent, inner)) return true;
    const alone = this.gain(parent);
    // Once the elements inside outscore the parent, the verdict is in.
    const inside = this.greedy(parent.members, inner, alone);
    return alone >= this.score(parent, inside);
  }

  /** The score of `inside`, plus the rest of `parent` when that passes on its own. */
  private score(parent: Pick, inside: readonly Pick[]): number {
    const split = inside.reduce((s, p) => s + this.gain(p), 0);
    const rest = this.pick(parent.cuboid, parent.element, without(parent.members, inside));
    return split + (rest.count > 0 ? Math.max(0, this.gain(rest)) : 0);
  }

  /** Whether some element inside `parent` differs from the rest of it past its own threshold. */
  private splits(parent: Pick, inner: readonly number[], held?: ElementSums): boolean {
    const whole = fitStatistic(parent);
    const rest: LeafSums = { count: 0, weight: 0, sum: 0, square: 0 };
    let found = false;
    const visit: VisitElement = (c, _e, sums) => {
      // An element holding all of the parent's leaves is the parent itself, not a split of it.
      if (found || sums.count === parent.count) return;
      rest.count = parent.count - sums.count;
      rest.weight = parent.weight - sums.weight;
      rest.sum = parent.sum - sums.sum;
      rest.square = parent.square - sums.square;
      const split = fitStatistic(sums) + fitStatistic(rest) - whole;
      if (split > this.tests.threshold[this.cuboids[c].layer]) found = true;
    };
    if (held) held.visitAll(inner, visit);
    else this.sums.scan(parent.members, inner, visit);
    return found;
  }
}

function elementId(cuboid: number, element: number): number {
  return cuboid * 2 ** 32 + element;
}

/** `leaves` without the members of `picks`. */
function without(leaves: Int32Array, picks: readonly Pick[]): Int32Array {
  if (picks.length === 0) return leaves;
  let largest = 0;
  for (let k = 0; k < leaves.length; k++) if (leaves[k] > largest) largest = leaves[k];
  const taken = new Uint8Array(largest + 1);
  for (const p of picks) for (const i of p.members) taken[i] = 1;
  return leaves.filter((i) => !taken[i]);
}

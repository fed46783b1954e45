import type { Cuboid } from "./cuboids";

// Sufficient statistics of one element's test, per element of every cuboid, over a set of leaves:
// the count k, W = Σ w, S = Σ w·g and Q = Σ w·g² (w = 1 / the leaf's null variance). The four
// sums of an element sit side by side in one array. Two ways to use it:
// - `scan`: add a few leaves, visit the elements they touch, zero them again (cost ∝ leaves);
// - `add` once, `remove` what gets explained, `visitAll` (cost ∝ elements): for a large scope
//   that the search reads again and again, cheaper than adding all its leaves every time.

/** Called once per element (positional, so visiting 85,000 elements allocates nothing). */
export type VisitElement = (cuboid: number, element: number, sums: LeafSums) => void;

/** The sums of one element; the same object is reused from one visit to the next. */
export interface LeafSums {
  count: number;
  weight: number;
  sum: number;
  square: number;
}

export interface LeafStatistics {
  readonly weight: Float64Array;
  /** w·g */
  readonly sum: Float64Array;
  /** w·g² */
  readonly square: Float64Array;
}

export class ElementSums {
  private readonly cells: (Float64Array | undefined)[];
  private readonly current: LeafSums = { count: 0, weight: 0, sum: 0, square: 0 };

  /** Holds sums for the cuboids listed in `cuboidIds` (all when omitted). */
  constructor(
    private readonly cuboids: readonly Cuboid[],
    private readonly leaves: LeafStatistics,
    cuboidIds?: readonly number[],
  ) {
    const held = new Set(cuboidIds ?? cuboids.map((_, c) => c));
    this.cells = cuboids.map((c, id) => (held.has(id) ? new Float64Array(4 * c.elementCount) : undefined));
  }

  add(leaves: Int32Array, cuboidIds: readonly number[], sign: 1 | -1 = 1): void {
    const { weight, sum, square } = this.leaves;
    for (const c of cuboidIds) {
      const leafElement = this.cuboids[c].leafElement;
      const cells = this.cells[c]!;
      for (let k = 0; k < leaves.length; k++) {
        const i = leaves[k];
        const at = leafElement[i] << 2;
        cells[at] += sign;
        cells[at + 1] += sign * weight[i];
        cells[at + 2] += sign * sum[i];
        cells[at + 3] += sign * square[i];
        // An emptied element is exactly empty, whatever rounding the subtractions left.
        if (cells[at] === 0) cells[at + 1] = cells[at + 2] = cells[at + 3] = 0;
      }
    }
  }

  remove(leaves: Int32Array, cuboidIds: readonly number[]): void {
    this.add(leaves, cuboidIds, -1);
  }

  /** Visits every element of `cuboidIds` holding at least one leaf. */
  visitAll(cuboidIds: readonly number[], visit: VisitElement): void {
    const current = this.current;
    for (const c of cuboidIds) {
      const cells = this.cells[c]!;
      for (let at = 0; at < cells.length; at += 4) {
        if (cells[at] === 0) continue;
        current.count = cells[at];
        current.weight = cells[at + 1];
        current.sum = cells[at + 2];
        current.square = cells[at + 3];
        visit(c, at >> 2, current);
      }
    }
  }

  /** Adds `leaves`, visits each element they touch once, and leaves the sums zeroed again. */
  scan(leaves: Int32Array, cuboidIds: readonly number[], visit: VisitElement): void {
    this.add(leaves, cuboidIds);
    const current = this.current;
    for (const c of cuboidIds) {
      const leafElement = this.cuboids[c].leafElement;
      const cells = this.cells[c]!;
      for (let k = 0; k < leaves.length; k++) {
        const e = leafElement[leaves[k]];
        const at = e << 2;
        // The count returns to zero once an element is visited: that marks it as seen.
        if (cells[at] === 0) continue;
        current.count = cells[at];
        current.weight = cells[at + 1];
        current.sum = cells[at + 2];
        current.square = cells[at + 3];
        cells[at] = cells[at + 1] = cells[at + 2] = cells[at + 3] = 0;
        visit(c, e, current);
      }
    }
  }
}

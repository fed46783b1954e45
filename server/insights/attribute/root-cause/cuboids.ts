import type { LeafTable } from "./types";

// A cuboid is a subset of the dimensions (RiskLoc's and HotSpot's word); its elements are the
// value combinations of those dimensions that occur among the leaves. The empty cuboid has one
// element: the whole total. Every leaf belongs to exactly one element of every cuboid, so the
// localiser aggregates each cuboid in one pass over the leaves.

export interface Cuboid {
  /** Dimension indices, ascending. */
  readonly dims: readonly number[];
  /** Bit i set when dimension i is in the cuboid (for "is a sub-cuboid of"). */
  readonly mask: number;
  readonly layer: number;
  /** Per leaf, the index of its element in this cuboid. */
  readonly leafElement: Int32Array;
  readonly elementCount: number;
  /** Per element, the value code of each of `dims` (elementCount × layer), in canonical order. */
  readonly elementCodes: Int32Array;
}

// Above this many value combinations the cuboid's keys are compacted through a Map, not a table.
const DENSE_TABLE_LIMIT = 1 << 22;

/** Every cuboid of up to `maxLayer` dimensions, the root (no dimension) first, then by layer. */
export function buildCuboids(table: LeafTable, maxLayer: number): Cuboid[] {
  const dimCount = table.dimensions.length;
  const subsets: number[][] = [];
  const extend = (start: number, picked: number[]) => {
    subsets.push(picked);
    if (picked.length === maxLayer) return;
    for (let d = start; d < dimCount; d++) extend(d + 1, [...picked, d]);
  };
  extend(0, []);
  subsets.sort((a, b) => a.length - b.length || compareLists(a, b));
  return subsets.map((dims) => buildCuboid(table, dims));
}

function compareLists(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

function buildCuboid(table: LeafTable, dims: number[]): Cuboid {
  const n = table.actual.length;
  const radix = dims.map((d) => table.values[d].length);
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let key = 0;
    for (let j = 0; j < dims.length; j++) key = key * radix[j] + table.codes[dims[j]][i];
    keys[i] = key;
  }
  const space = radix.reduce((p, r) => p * r, 1);
  if (space > Number.MAX_SAFE_INTEGER) throw new Error(`too many value combinations in dimensions ${dims.join(", ")}`);
  const { leafElement, elementKeys } = compact(keys, space);
  const elementCodes = new Int32Array(elementKeys.length * dims.length);
  elementKeys.forEach((key, e) => {
    for (let j = dims.length - 1; j >= 0; j--) {
      elementCodes[e * dims.length + j] = key % radix[j];
      key = Math.floor(key / radix[j]);
    }
  });
  const mask = dims.reduce((m, d) => m | (1 << d), 0);
  return { dims, mask, layer: dims.length, leafElement, elementCount: elementKeys.length, elementCodes };
}

/** Numbers the distinct keys 0..k−1 in ascending key order (so ids do not depend on leaf order). */
function compact(keys: Float64Array, space: number): { leafElement: Int32Array; elementKeys: number[] } {
  const leafElement = new Int32Array(keys.length);
  if (space <= DENSE_TABLE_LIMIT) {
    const lookup = new Int32Array(space).fill(-1);
    for (let i = 0; i < keys.length; i++) lookup[keys[i]] = 0;
    const elementKeys: number[] = [];
    for (let key = 0; key < space; key++) if (lookup[key] === 0) lookup[key] = elementKeys.push(key) - 1;
    for (let i = 0; i < keys.length; i++) leafElement[i] = lookup[keys[i]];
    return { leafElement, elementKeys };
  }
  const elementKeys = [...new Set(keys)].sort((x, y) => x - y);
  const lookup = new Map<number, number>();
  elementKeys.forEach((key, id) => lookup.set(key, id));
  for (let i = 0; i < keys.length; i++) leafElement[i] = lookup.get(keys[i])!;
  return { leafElement, elementKeys };
}

/** True when `inner` holds every dimension of `outer` and more: its elements can nest in outer's. */
export function isStrictSuperCuboid(inner: Cuboid, outer: Cuboid): boolean {
  return inner.mask !== outer.mask && (inner.mask & outer.mask) === outer.mask;
}

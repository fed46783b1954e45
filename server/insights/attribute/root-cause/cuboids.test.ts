import { describe, expect, it } from "vitest";
import { buildCuboids, isStrictSuperCuboid } from "./cuboids";
import { multiplicity } from "./penalty";
import { generateLeaves } from "./test-leaves";

describe("cuboids", () => {
  const table = generateLeaves({ sizes: [3, 4, 2], sigma: 0.1, seed: 1 });

  it("lists the root, then every subset of up to maxLayer dimensions, with one element per value combination", () => {
    const cuboids = buildCuboids(table, 2);
    expect(cuboids.map((c) => c.dims)).toEqual([[], [0], [1], [2], [0, 1], [0, 2], [1, 2]]);
    expect(cuboids.map((c) => c.elementCount)).toEqual([1, 3, 4, 2, 12, 6, 8]);
  });

  it("maps every leaf to the element of its values", () => {
    const [, , , , ab] = buildCuboids(table, 2);
    for (let i = 0; i < table.actual.length; i++) {
      const e = ab.leafElement[i];
      expect([ab.elementCodes[2 * e], ab.elementCodes[2 * e + 1]]).toEqual([table.codes[0][i], table.codes[1][i]]);
    }
  });

  it("knows which cuboids nest inside which", () => {
    const [root, a, , , ab] = buildCuboids(table, 2);
    expect(isStrictSuperCuboid(ab, a)).toBe(true);
    expect(isStrictSuperCuboid(a, root)).toBe(true);
    expect(isStrictSuperCuboid(a, a)).toBe(false);
    expect(isStrictSuperCuboid(a, ab)).toBe(false);
  });

  it("counts as candidates only the elements that hold a leaf with something to say", () => {
    const cuboids = buildCuboids(table, 3);
    const all = Int32Array.from({ length: 24 }, (_, i) => i);
    // Layers 0..3: 1, 3 + 4 + 2, 12 + 6 + 8, 24 elements; each stands for its layer's count × 4 layers.
    expect(multiplicity(cuboids, all)).toEqual({ candidates: [4, 36, 104, 96], total: 1 + 9 + 26 + 24 });
    // Only the leaves of a1 × b1 (two of them) informative:
    const few = all.filter((i) => table.codes[0][i] === 0 && table.codes[1][i] === 0);
    // Layer 1: a1, b1, c1, c2; layer 2: a1×b1, a1×c1, a1×c2, b1×c1, b1×c2; layer 3: the two leaves.
    expect(multiplicity(cuboids, few).candidates).toEqual([4, 4 * 4, 5 * 4, 2 * 4]);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gaussian, mulberry32 } from "@/lib/seeded-random";
import { localiseRootCause } from "./localise";
import { generateLeaves, inElement, keyOf } from "./test-leaves";
import type { LeafTable } from "./types";

const keys = (table: LeafTable, alpha?: number) => localiseRootCause(table, { alpha }).elements.map((e) => e.key);

/** An element of the table: a random subset of dimensions (at least one) with a value each. */
const elementOf = (sizes: readonly number[]) =>
  fc
    .subarray(
      sizes.map((_, d) => d),
      { minLength: 1 },
    )
    .chain((dims) =>
      fc.tuple(...dims.map((d) => fc.integer({ min: 0, max: sizes[d] - 1 }).map((v) => [d, v] as const))),
    )
    .map((pairs) => new Map<number, number>(pairs));

// At least 64 leaves: the noise is estimated from the table itself, and a dozen leaves cannot
// make any element certain at a strict alpha (its test is referred to F with the fit's few degrees of freedom).
const sizesArb = fc.array(fc.integer({ min: 4, max: 6 }), { minLength: 3, maxLength: 4 });

describe("localiseRootCause", () => {
  it("finds a planted element exactly, at any layer, when it is the only change", () => {
    fc.assert(
      fc.property(
        sizesArb.chain((sizes) =>
          fc.record({
            sizes: fc.constant(sizes),
            element: elementOf(sizes),
            sigma: fc.double({ min: 0.005, max: 0.02, noNaN: true }),
            severity: fc.double({ min: 0.3, max: 0.9, noNaN: true }),
            rise: fc.boolean(),
            seed: fc.integer({ min: 1, max: 1e9 }),
          }),
        ),
        ({ sizes, element, sigma, severity, rise, seed }) => {
          const planted = inElement(element);
          const factor = rise ? 1 / (1 - severity) : 1 - severity;
          const table = generateLeaves({ sizes, sigma, seed, change: (c) => (planted(c) ? factor : 1) });
          // A strict alpha: the property is about localising, not about the 5 % of noise tables
          // in which some other element passes by chance.
          expect(keys(table, 1e-4)).toEqual([keyOf(element)]);
        },
      ),
      { seed: 56, numRuns: 60 },
    );
  });

  it("finds nothing in noise, in all but a few of 40 tables", () => {
    let tablesWithElements = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const table = generateLeaves({ sizes: [6, 5, 4], sigma: 0.1, seed });
      if (keys(table).length > 0) tablesWithElements++;
    }
    // alpha = 0.05 split over the 4 layers: about 2 of 40 noise tables may hold a false element.
    expect(tablesWithElements).toBeLessThanOrEqual(3);
  });

  it("names the three countries of a region that fell, not the region", () => {
    // a = region, b = country: in region a2, countries b1, b2 and b3 fell by 60 %; b4 and b5 held.
    const table = generateLeaves({
      sizes: [4, 5, 6],
      sigma: 0.05,
      seed: 3,
      change: ([a, b]) => (a === 1 && b <= 2 ? 0.4 : 1),
    });
    expect(keys(table).sort()).toEqual(["a=a2&b=b1", "a=a2&b=b2", "a=a2&b=b3"]);
  });

  it("keeps one element whose leaves fell by different amounts, instead of its leaves one by one", () => {
    // In b3 each leaf fell by 30 % to 70 %, far more scatter than the 1 % noise.
    const spread = generateLeaves({ sizes: [8, 6, 5], sigma: 0.01, seed: 9 });
    const z = gaussian(mulberry32(4));
    const table = {
      ...spread,
      actual: spread.actual.map((v, i) => (spread.codes[1][i] === 2 ? v * (0.5 + 0.1 * z()) : v)),
    };
    expect(keys(table)).toEqual(["b=b3"]);
  });

  it("tells a change across the board as the whole total", () => {
    const table = generateLeaves({ sizes: [5, 4, 6], sigma: 0.05, seed: 5, change: () => 1.2 });
    const result = localiseRootCause(table);
    expect(result.elements.map((e) => [e.key, e.layer])).toEqual([["", 0]]);
    expect(result.elements[0].relativeChange).toBeCloseTo(0.2, 1);
    expect(result.elements[0].share).toBeCloseTo(1, 6);
  });

  it("tells a fall in one segment and a rise everywhere else as those two", () => {
    const table = generateLeaves({
      sizes: [5, 4, 6],
      sigma: 0.03,
      seed: 8,
      change: ([a, b]) => (a === 2 && b === 1 ? 0.5 : 1.08),
    });
    const result = localiseRootCause(table);
    expect(result.elements.map((e) => [e.key, e.excludes])).toEqual([
      ["a=a3&b=b2", []],
      ["", ["a=a3&b=b2"]],
    ]);
    const [segment, rest] = result.elements;
    expect(segment.relativeChange).toBeCloseTo(-0.5, 1);
    expect(rest.relativeChange).toBeCloseTo(0.08, 1);
    expect(segment.share + rest.share).toBeCloseTo(1, 9);
    expect(result.explainedShare).toBeCloseTo(1, 9);
  });

  it("needs a larger change of a small segment of counts than of a large one", () => {
    // Counts with Poisson noise: leaves of b1 hold 1 to 7, leaves of b2 1,000 times more. A 30 %
    // fall of a1 × b1 (about 20 in all) is noise at that size; of a1 × b2 it is not (and then a1
    // as a whole is as good a name for it: its b1 leaves are too small to tell).
    const fallOf = (b: number) =>
      generateLeaves({
        sizes: [6, 2, 5],
        sigma: 0,
        counts: true,
        seed: 12,
        level: 1,
        size: ([, b]) => (b === 1 ? 1000 : 1),
        change: ([a, bb]) => (a === 0 && bb === b ? 0.7 : 1),
      });
    const small = localiseRootCause(fallOf(0));
    expect(small.elements).toEqual([]);
    expect(small.noise.phi).toBeGreaterThan(0.3);
    const large = localiseRootCause(fallOf(1)).elements;
    expect(large.map((e) => e.key)).toEqual(["a=a1"]);
    expect(large[0].share).toBeGreaterThan(0.95);
  });

  it("gives the same elements, with opposite signs, when actual and expected trade places", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), elementOf([5, 4, 3]), (seed, element) => {
        const planted = inElement(element);
        const table = generateLeaves({ sizes: [5, 4, 3], sigma: 0.02, seed, change: (c) => (planted(c) ? 0.5 : 1) });
        const swapped = { ...table, actual: table.expected, expected: table.actual };
        const a = localiseRootCause(table).elements;
        const b = localiseRootCause(swapped).elements;
        expect(b.map((e) => e.key)).toEqual(a.map((e) => e.key));
        b.forEach((e, i) => expect(e.test.z).toBeCloseTo(-a[i].test.z, 6));
      }),
      { seed: 7, numRuns: 15 },
    );
  });

  it("gives the same result whatever the order of the leaves", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 1, max: 1e9 }), (seed, shuffleSeed) => {
        const table = generateLeaves({
          sizes: [4, 5, 3],
          sigma: 0.05,
          seed,
          change: ([a, , c]) => (a === 1 ? 0.7 : c === 2 ? 1.5 : 1),
        });
        const order = shuffled(table.actual.length, shuffleSeed);
        const permuted: LeafTable = {
          ...table,
          codes: table.codes.map((c) => Int32Array.from(order, (i) => c[i])),
          actual: Float64Array.from(order, (i) => table.actual[i]),
          expected: Float64Array.from(order, (i) => table.expected[i]),
        };
        const summary = (t: LeafTable) =>
          localiseRootCause(t).elements.map((e) => [e.key, e.test.z.toFixed(6), e.change.toFixed(6)]);
        expect(summary(permuted)).toEqual(summary(table));
      }),
      { seed: 11, numRuns: 10 },
    );
  });

  it("reports each element's effect, share and test", () => {
    const table = generateLeaves({ sizes: [5, 4, 6], sigma: 0.05, seed: 2, change: ([a]) => (a === 0 ? 0.5 : 1) });
    const result = localiseRootCause(table);
    expect(result.elements).toHaveLength(1);
    const [element] = result.elements;
    let actual = 0;
    let expected = 0;
    table.codes[0].forEach((code, i) => {
      if (code !== 0) return;
      actual += table.actual[i];
      expected += table.expected[i];
    });
    expect(element).toMatchObject({ key: "a=a1", layer: 1, conditions: [{ dimension: "a", value: "a1" }], leaves: 24 });
    expect(element.actual).toBeCloseTo(actual, 6);
    expect(element.expected).toBeCloseTo(expected, 6);
    expect(element.relativeChange).toBeCloseTo(-0.5, 1);
    expect(element.share).toBeCloseTo((actual - expected) / result.total.change, 9);
    // Layer 1 holds 5 + 4 + 6 elements; four layers were searched.
    expect(element.test.candidates).toBe(15 * 4);
    expect(element.test.z).toBeLessThan(-10);
    expect(element.test.adjustedP).toBeLessThan(1e-6);
    expect(result.candidates).toBe(1 + 15 + (20 + 30 + 24) + 120);
  });
});

function shuffled(n: number, seed: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  const next = mulberry32(seed);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

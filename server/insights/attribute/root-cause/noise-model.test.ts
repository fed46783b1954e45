import { describe, expect, it } from "vitest";
import { gaussian, mulberry32 } from "@/lib/seeded-random";
import { fitNoiseModel, leafWeight } from "./noise-model";
import { relativeChange } from "./relative-change";

/** n leaves with expected values over three orders of magnitude and actual = expected + noise(expected). */
function leaves(n: number, seed: number, noise: (expected: number, z: number) => number) {
  const random = mulberry32(seed);
  const z = gaussian(random);
  const g = new Float64Array(n);
  const scale = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const expected = 10 ** (1 + 3 * random());
    const actual = Math.max(0, expected + noise(expected, z()));
    g[i] = relativeChange(actual, expected);
    scale[i] = Math.max(actual, expected);
  }
  return { g, scale, all: Int32Array.from({ length: n }, (_, i) => i) };
}

describe("fitNoiseModel", () => {
  it("finds relative noise, and no count noise in it", () => {
    const { g, scale, all } = leaves(5000, 1, (e, z) => e * 0.1 * z);
    const model = fitNoiseModel(g, scale, all);
    expect(model.sigma).toBeGreaterThan(0.09);
    expect(model.sigma).toBeLessThan(0.11);
    expect(model.phi).toBe(0);
    expect(model.df).toBeGreaterThan(1500);
  });

  it("finds count noise (variance ∝ size), and no relative noise in it", () => {
    const { g, scale, all } = leaves(5000, 2, (e, z) => Math.sqrt(e) * z);
    const model = fitNoiseModel(g, scale, all);
    expect(model.phi).toBeGreaterThan(0.8);
    expect(model.phi).toBeLessThan(1.25);
    expect(model.sigma).toBeLessThan(0.01);
  });

  it("finds both when both are there", () => {
    const { g, scale, all } = leaves(8000, 3, (e, z) => Math.sqrt(e + (0.05 * e) ** 2) * z);
    const model = fitNoiseModel(g, scale, all);
    expect(model.sigma).toBeGreaterThan(0.035);
    expect(model.sigma).toBeLessThan(0.065);
    expect(model.phi).toBeGreaterThan(0.6);
    expect(model.phi).toBeLessThan(1.5);
  });

  it("is not moved much by a third of the leaves having fallen by half", () => {
    const { g, scale, all } = leaves(3000, 4, (e, z) => e * 0.05 * z);
    for (let i = 0; i < 1000; i++) g[i] = -0.5 + 0.05 * g[i];
    const model = fitNoiseModel(g, scale, all);
    expect(model.sigma).toBeLessThan(0.1);
  });

  it("weights a leaf by the inverse of its null variance", () => {
    expect(leafWeight({ sigma: 0.1, phi: 2, df: 100, leaves: 300 }, 50)).toBeCloseTo(1 / (0.01 + 0.04), 12);
  });
});

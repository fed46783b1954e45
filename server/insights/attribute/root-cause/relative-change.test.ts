import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { relativeChange } from "./relative-change";

describe("relativeChange", () => {
  it("is the fall or rise against the larger value: a drop by r is −r", () => {
    expect(relativeChange(60, 100)).toBeCloseTo(-0.4, 12);
    expect(relativeChange(100, 60)).toBeCloseTo(0.4, 12);
    expect(relativeChange(0, 5)).toBe(-1);
    expect(relativeChange(5, 0)).toBe(1);
  });

  it("says nothing about a leaf that is zero on both sides, and reads a negative actual as a full drop", () => {
    expect(relativeChange(0, 0)).toBeNaN();
    expect(relativeChange(-3, 10)).toBe(-1);
  });

  it("is antisymmetric, bounded and scale-free", () => {
    const value = fc.double({ min: 0, max: 1e9, noNaN: true });
    fc.assert(
      fc.property(value, value, fc.double({ min: 1e-3, max: 1e3, noNaN: true }), (a, e, k) => {
        fc.pre(Math.max(a, e) > 1e-200);
        const g = relativeChange(a, e);
        expect(Math.abs(g)).toBeLessThanOrEqual(1);
        expect(relativeChange(e, a)).toBeCloseTo(-g, 12);
        expect(relativeChange(a * k, e * k)).toBeCloseTo(g, 9);
      }),
    );
  });
});

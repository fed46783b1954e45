import { describe, expect, it } from "vitest";
import { adjustBh, benjaminiHochbergThreshold } from "./multiplicity";

// Reference values from SciPy 1.17.1 (Debian python3-scipy):
//   scipy.stats.false_discovery_control([0.01, 0.04, 0.03, 0.005, 0.2, 0.5, 0.001, 0.04], method="bh")
const P = [0.01, 0.04, 0.03, 0.005, 0.2, 0.5, 0.001, 0.04];
const SCIPY_BH = [0.0266666667, 0.0533333333, 0.0533333333, 0.02, 0.2285714286, 0.5, 0.008, 0.0533333333];

describe("Benjamini-Hochberg", () => {
  it("adjusts p-values as SciPy's false_discovery_control does", () => {
    adjustBh(P).forEach((q, i) => expect(q).toBeCloseTo(SCIPY_BH[i], 9));
  });

  it("rejects exactly the p-values whose adjusted value is at most q", () => {
    const threshold = benjaminiHochbergThreshold(P, P.length, 0.05);
    expect(threshold).toBe(0.01);
    expect(P.filter((p) => p <= threshold).length).toBe(SCIPY_BH.filter((q) => q <= 0.05).length);
  });

  it("counts every test, not only the candidates: more series need stronger evidence", () => {
    expect(benjaminiHochbergThreshold([0.001, 0.02], 2)).toBe(0.02);
    expect(benjaminiHochbergThreshold([0.001, 0.02], 40)).toBe(0.001);
    expect(benjaminiHochbergThreshold([0.001, 0.02], 1000)).toBe(0);
  });
});

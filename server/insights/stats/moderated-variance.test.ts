import { describe, expect, it } from "vitest";
import { fSurvival } from "./distributions";
import {
  digamma,
  fitRobustVariancePrior,
  fitVariancePrior,
  moderate,
  noisierThanPeers,
  trigamma,
  trigammaInverse,
} from "./moderated-variance";

// Reference values from SciPy 1.17 (scipy.special.digamma and polygamma); the priors from the same formulas as
// limma's fitFDist (a least-squares trend in log level), evaluated with SciPy and NumPy.

const LEVELS = [45, 60, 80, 110, 150, 200, 50, 70, 95, 130, 170, 230];

describe("polygamma functions", () => {
  it("match SciPy", () => {
    expect(digamma(0.7)).toBeCloseTo(-1.2200235536979347, 12);
    expect(digamma(23.4)).toBeCloseTo(3.131216338443152, 12);
    expect(trigamma(2.3)).toBeCloseTo(0.5425374586652585, 10);
    expect(trigamma(40)).toBeCloseTo(0.025315103841291032, 12);
    expect(trigammaInverse(0.5)).toBeCloseTo(2.459952948352307, 7);
    expect(trigamma(trigammaInverse(0.013))).toBeCloseTo(0.013, 10);
  });
});

describe("the prior of many series' variances", () => {
  it("learns how far the scales agree (d0) and the scale a series' size predicts", () => {
    const s2 = [1.1, 0.8, 1.3, 0.95, 1.6, 0.7, 1.2, 0.9, 1.05, 1.4, 0.85, 1.25];
    const prior = fitVariancePrior(s2.map((v, i) => ({ s2: v, d: 46, level: LEVELS[i] })))!;
    expect(prior.d0).toBeCloseTo(89.06287102744666, 4);
    expect(prior.s02(100)).toBeCloseTo(1.0731115272521219, 8);
  });

  it("follows a trend in size: scales that grow with the series' size are not taken for disagreement", () => {
    const spread = [1.5, 0.6, 1.1, 0.9, 1.8, 0.5, 1.3, 0.7, 1.0, 1.6, 0.8, 1.2];
    const prior = fitVariancePrior(spread.map((f, i) => ({ s2: LEVELS[i] * 0.01 * f, d: 46, level: LEVELS[i] })))!;
    expect(prior.d0).toBeCloseTo(16.258193149064457, 4);
    expect(prior.s02(100)).toBeCloseTo(0.9702160406174084, 8);
  });

  it("is infinitely sure when the scales vary less than their sampling noise, and absent with too few series", () => {
    const prior = fitVariancePrior(LEVELS.map((level) => ({ s2: 2, d: 46, level })))!;
    expect(prior.d0).toBe(Infinity);
    // Each s² is a noisy estimate, so log s² is biased by ψ(d/2) − log(d/2): the prior undoes it (2.044 here).
    expect(prior.s02(77)).toBeCloseTo(2 * Math.exp(Math.log(23) - digamma(23)), 12);
    expect(moderate(2.5, 46, 77, prior, 500)).toEqual({ s2: prior.s02(77), d: 500 });
    expect(fitVariancePrior(LEVELS.slice(0, 7).map((level) => ({ s2: 2, d: 46, level })))).toBeNull();
  });

  it("shrinks one series' variance toward the prior by their degrees of freedom", () => {
    const prior = { d0: 46, s02: () => 1 };
    expect(moderate(1.3, 46, 100, prior, 1000)).toMatchObject({ s2: expect.closeTo(1.15, 12), d: 92 });
    expect(moderate(1.3, 46, 100, prior, 60)).toMatchObject({ s2: expect.closeTo(1.15, 12), d: 60 });
  });

  it("leaves a series far noisier than its peers to its own scale, and out of their prior", () => {
    // F(46, 46) > 3 has P ≈ 1.5·10⁻⁴: shrunk toward its calm peers, this series' ordinary days would look unusual.
    expect(noisierThanPeers(3, 46, 100, { d0: 46, s02: () => 1 })).toBe(true);
    expect(moderate(3, 46, 100, { d0: 46, s02: () => 1 }, 1000)).toEqual({ s2: 3, d: 46 });
    const calm = LEVELS.map((level, i) => ({ s2: 1 + (i % 3) * 0.05, d: 46, level }));
    const withErratic = [...calm, { s2: 6, d: 46, level: 100 }];
    expect(fitRobustVariancePrior(withErratic)!.s02(100)).toBeCloseTo(fitVariancePrior(calm)!.s02(100), 12);
    expect(fitVariancePrior(withErratic)!.s02(100)).toBeGreaterThan(1.1);
  });
});

describe("the F distribution's upper tail", () => {
  it("matches SciPy (scipy.stats.f.sf, chi2.sf)", () => {
    expect(fSurvival(2, 46, 89.06)).toBeCloseTo(0.0026200714220747517, 10);
    expect(fSurvival(1.3, 20, 5)).toBeCloseTo(0.41710900015389063, 10);
    // d2 = ∞: χ²(46)/46 > 4, P = 2.06e-18 (the 10⁶ cap: 2.07e-18).
    expect(fSurvival(4, 46, Infinity) / 2.0619876844005162e-18).toBeCloseTo(1, 1);
  });
});

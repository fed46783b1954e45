import { describe, expect, it } from "vitest";
import { sampleSizeForMean, sampleSizeForRate, twoProportionTest, welchTest } from "./split-test";

// Reference values computed with SciPy 1.17 (scipy.stats): norm.sf / norm.ppf for the z test and
// its Wald interval (the same numbers as statsmodels proportions_ztest and
// confint_proportions_2indep(method="wald")), ttest_ind(b, a, equal_var=False) with its
// confidence_interval(0.95) for Welch, and norm.ppf for the sample-size formula.

describe("two-proportion z test", () => {
  it("matches scipy for a clear difference", () => {
    const r = twoProportionTest(120, 2400, 156, 2450);
    expect(r.a).toBeCloseTo(0.05, 12);
    expect(r.b).toBeCloseTo(0.0636734693877551, 12);
    expect(r.difference).toBeCloseTo(0.0136734693877551, 12);
    expect(r.interval.low).toBeCloseTo(0.0006539349182542419, 8);
    expect(r.interval.high).toBeCloseTo(0.026693003857255957, 8);
    expect(r.pValue).toBeCloseTo(0.03986812475532043, 7);
    expect(r.relative).toBeCloseTo(0.0136734693877551 / 0.05, 10);
  });
  it("matches scipy when there is no difference, and at another confidence level", () => {
    const same = twoProportionTest(1450, 2400, 1480, 2450);
    expect(same.pValue).toBeCloseTo(0.9951693542031148, 7);
    expect(same.interval.low).toBeCloseTo(-0.027612917143482324, 8);
    expect(same.interval.high).toBeCloseTo(0.027442849116271567, 8);
    const ninety = twoProportionTest(30, 1000, 31, 1000, 0.9);
    expect(ninety.interval.low).toBeCloseTo(-0.011649234535407609, 8);
    expect(ninety.interval.high).toBeCloseTo(0.01364923453540761, 8);
    expect(ninety.pValue).toBeCloseTo(0.8965385193100612, 7);
  });
  it("has no p-value when neither side converts", () => {
    expect(twoProportionTest(0, 100, 0, 100).pValue).toBeNull();
  });
});

describe("Welch t test", () => {
  const A = [2.1, 1.8, 2.5, 3.0, 1.2, 2.2, 2.8, 1.9, 2.4, 2.0];
  const B = [2.9, 3.1, 2.4, 3.8, 2.7, 3.3, 2.2, 3.0, 3.6, 2.8, 3.1, 2.5];
  it("matches scipy.stats.ttest_ind(equal_var=False)", () => {
    const r = welchTest(A, B);
    expect(r.pValue).toBeCloseTo(0.0021819953475985285, 7);
    expect(r.df).toBeCloseTo(18.521617893080165, 8);
    expect(r.interval.low).toBeCloseTo(0.31177414179852286, 6);
    expect(r.interval.high).toBeCloseTo(1.2082258582014767, 6);
  });
  it("has no p-value with fewer than two values or no variance", () => {
    expect(welchTest([1], [1, 2]).pValue).toBeNull();
    expect(welchTest([1, 1], [1, 1]).pValue).toBeNull();
  });
});

describe("sample size", () => {
  it("for a rate matches the normal-approximation formula computed with scipy", () => {
    expect(sampleSizeForRate(0.05, 0.1)).toBe(31231);
    expect(sampleSizeForRate(0.2, 0.1)).toBe(6507);
    expect(sampleSizeForRate(0, 0.1)).toBe(Infinity);
  });
  it("for a mean", () => {
    expect(sampleSizeForMean(2, 0.5, 0.7, 0.1)).toBe(146);
  });
});

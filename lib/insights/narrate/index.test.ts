import { describe, expect, it } from "vitest";
import type { FindingTest } from "../finding";
import { formatP, testedLine } from ".";

const test: FindingTest = {
  nullModel: "count_change_point",
  pValue: 0.0003,
  family: 1,
  reportTests: 4120,
  fdr: 0.05,
  threshold: 0.0011,
};

describe("how a finding was tested, in one line", () => {
  it("names the null model, the p-value, the report's tests and the false discovery rate", () => {
    expect(testedLine(test)).toBe(
      "Poisson change-point test, p = 0.0003, one of 4,120 tests this report ran; false discovery rate 5 %",
    );
    expect(testedLine({ ...test, reportTests: 1, nullModel: "period_change" })).toBe(
      "Period comparison test (weekday regression), p = 0.0003, the one test this report ran; false discovery rate 5 %",
    );
  });

  it("writes no more digits than a model's tail is worth", () => {
    expect(formatP(0.0000042)).toBe("p < 0.0001");
    expect(formatP(0.0173)).toBe("p = 0.017");
    expect(formatP(0.5)).toBe("p = 0.5");
  });
});

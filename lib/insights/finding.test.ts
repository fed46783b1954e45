import { describe, expect, it } from "vitest";
import { findingSchema, parseFindings } from "./finding";

const stored = {
  kind: "level_shift",
  metric: "conversions",
  dimension: "campaign",
  dimensionValue: "Generic",
  periodStart: "2026-11-08",
  periodEnd: "2026-11-20",
  current: 0,
  baseline: 3.1,
  change: -3.1,
  changePct: -1,
  expectedLow: 1.2,
  expectedHigh: 5.3,
  confidence: 0.95,
  direction: "down",
  pValue: 0.0003,
};

describe("the Finding contract", () => {
  it("reads a finding stored by an earlier engine, with the fields it had of its own", () => {
    const [f] = parseFindings([{ ...stored, date: "2026-11-08", sentiment: "bad", rho: 0.04 }]);
    expect(f.kind).toBe("level_shift");
    expect(f).toMatchObject({ date: "2026-11-08", rho: 0.04 });
  });

  it("adds v3's fields: the grain, the shape and how the finding was tested", () => {
    const significance = {
      nullModel: "count_change_point",
      pValue: 0.0003,
      family: 1,
      reportTests: 4120,
      fdr: 0.05,
      threshold: 0.001,
    };
    const parsed = findingSchema.parse({ ...stored, grain: "week", shape: "stop", significance });
    expect(parsed).toMatchObject({ grain: "week", shape: "stop", significance });
  });

  it("refuses a finding outside the contract, naming it", () => {
    expect(() => parseFindings([{ ...stored, kind: "hunch" }])).toThrow(/finding 0 \(hunch\)/);
    expect(() => parseFindings([{ ...stored, direction: "sideways" }])).toThrow(/direction/);
    expect(() => parseFindings([{ ...stored, periodStart: "Nov 8" }])).toThrow(/periodStart/);
    expect(() => parseFindings([{ ...stored, grain: "hour" }])).toThrow(/grain/);
  });
});

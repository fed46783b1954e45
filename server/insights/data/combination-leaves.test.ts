import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { combinationLeaves, type CombinationRow } from "./combination-leaves";

const meta = {
  sourceId: "s",
  periodStart: "2026-10-22",
  periodEnd: "2026-11-20",
  comparisonStart: "2026-09-22",
  comparisonEnd: "2026-10-21",
  parts: ["sessions" as const],
};
/** channel, device, country, campaign, landingPage, sourceMedium, query */
const row = (values: (string | null)[], current: number | null, comparison: number | null): CombinationRow => ({
  values,
  current: [current],
  comparison: [comparison],
});
const none = [null, null, null, null];

describe("combinationLeaves", () => {
  it("keeps the dimensions every row has, merges the rows they no longer tell apart, and codes values sorted", () => {
    const leaves = combinationLeaves(meta, [
      row(["Paid Search", "mobile", null, ...none], 10, 20),
      row(["Email", "mobile", "Germany", ...none], 5, null),
      row(["Paid Search", "mobile", "France", ...none], 1, 2),
    ]);
    // country is missing from a row: not a dimension of these leaves; the two Paid Search rows are one leaf.
    expect(leaves.dimensions).toEqual(["channel", "device"]);
    expect(leaves.values).toEqual([["Email", "Paid Search"], ["mobile"]]);
    expect([...leaves.codes[0]]).toEqual([0, 1]);
    expect([...leaves.current[0]]).toEqual([5, 11]);
    expect([...leaves.comparison[0]]).toEqual([0, 22]);
  });

  it("has no dimension and no leaf without rows", () => {
    const leaves = combinationLeaves(meta, []);
    expect(leaves.dimensions).toEqual([]);
    expect(leaves.current[0]).toHaveLength(0);
  });

  it("does not depend on the order of the rows", () => {
    const channel = fc.constantFrom("Direct", "Email", "Paid Search");
    const device = fc.constantFrom("desktop", "mobile");
    const rows = fc.array(
      fc.tuple(channel, device, fc.nat(100), fc.nat(100)).map(([c, d, a, b]) => row([c, d, ...none, null], a, b)),
      { minLength: 1, maxLength: 20 },
    );
    fc.assert(
      fc.property(rows, (list) => {
        expect(combinationLeaves(meta, [...list].reverse())).toEqual(combinationLeaves(meta, list));
      }),
    );
  });
});

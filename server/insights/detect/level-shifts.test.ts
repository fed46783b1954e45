import { describe, expect, it } from "vitest";
import { drawnCase, drawnSeries } from "../quality/drawn-series";
import { runAndCheck } from "../quality/engine-run";

// Two of the property tests' drawn series (drawn-series.ts) with a run of unknown days: Organic Search frozen at
// 13,480 a day from Mar 7 to Mar 19 (seed 435943), and a site's sessions at 0 from Mar 10 to Mar 16 (seed 601309).
// v3's change-point search may cut a level anywhere in such a run (the run is no data), and it dated steps on its
// first day or inside it: "a marketing finding dated inside a frozen run". A step is dated on the first known day of
// its new level, the run's first day its `earliestDate` (as v2 dates a step after days left out of its scan).

const cases = drawnSeries()
  .filter((g) => g.seed === 435943 || g.seed === 601309)
  .map(drawnCase);

describe("v3's level shifts beside a run of unknown days", () => {
  it("dates no step inside a frozen run or a tracking gap", () => {
    expect(cases).toHaveLength(2);
    for (const c of cases) {
      const run = runAndCheck(c.rows, { ...c, engine: "v3" });
      expect(run.violations.map((v) => v.text)).toEqual([]);
    }
  });
});

import { describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import { runsTogether } from "./segment-runs";
import type { SegmentAnomaly } from "./segment-watch";

/** One unusual day of a segment's metric, with its effect on the KPI. */
function day(metric: string, value: string, date: string, kpiEffect: number): SegmentAnomaly {
  return {
    kind: "anomaly",
    metric,
    dimension: "channel",
    dimensionValue: value,
    periodStart: date,
    periodEnd: date,
    date,
    current: 10,
    baseline: 5,
    change: 5,
    changePct: 1,
    expectedLow: 3,
    expectedHigh: 7,
    confidence: 0.95,
    direction: kpiEffect >= 0 ? "up" : "down",
    pValue: 0.001,
    score: 4,
    sourceId: "s",
    kpiEffect,
    kpiMetric: "revenue",
    indirectEffect: 0,
  } as SegmentAnomaly;
}

const ten = (metric: string, value: string, each: number) =>
  Array.from({ length: 10 }, (_, i) => day(metric, value, addDays("2026-11-01", i), each));
const label = (f: SegmentAnomaly) => `${f.metric} ${f.dimensionValue} ${f.periodStart.slice(5)}`;

describe("runsTogether", () => {
  it("ranks ten days in a row by their effect together, ahead of larger single days, and keeps them whole", () => {
    // Ranked day by day (as the engine hands them over): the orders' days first, the visits' ten days after them.
    const orders = [
      day("transactions", "Paid Search", "2026-11-04", 1100),
      day("revenue", "Paid Search", "2026-11-01", 870),
    ];
    const visits = ten("sessions", "Paid Search", 500);
    const ranked = [...orders, ...[...visits].sort((a, b) => b.kpiEffect - a.kpiEffect)];
    const out = runsTogether(ranked, 12);
    expect(out.map(label)).toEqual([...visits.map(label), ...orders.map(label)]);
  });

  it("keeps the order of findings that are no run, and a run whose days weigh less stays behind them", () => {
    const singles = [day("sessions", "Email", "2026-11-03", 900), day("sessions", "Direct", "2026-11-09", 400)];
    const small = [day("sessions", "Display", "2026-11-05", 100), day("sessions", "Display", "2026-11-06", 100)];
    expect(runsTogether([...singles, ...small], 12).map(label)).toEqual([...singles, ...small].map(label));
  });

  it("cuts at the number of events, never inside a run, and leaves out a run past twice that many findings", () => {
    const runs = ["A", "B", "C"].map((value, i) => ten("sessions", value, 300 - i * 10));
    const singles = Array.from({ length: 5 }, (_, i) => day("revenue", `S${i}`, "2026-11-20", 50 - i));
    // At 4 events (8 findings): the first run alone; the others would pass 8 with it.
    expect(runsTogether([...runs.flat(), ...singles], 4).map(label)).toEqual(runs[0].map(label));
    // At 12 (24 findings): A and B; C would pass 24 with them; four of the single days fill the rest.
    expect(runsTogether([...runs.flat(), ...singles], 12).map(label)).toEqual(
      [...runs[0], ...runs[1], ...singles.slice(0, 4)].map(label),
    );
  });
});

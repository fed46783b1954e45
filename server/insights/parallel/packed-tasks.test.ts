import { describe, expect, it } from "vitest";
import type { SegmentTask } from "../engine/analyses/segment-detect";
import { packTasks, transferablesOf, unpackTasks } from "./packed-tasks";

// The detection thread's tasks travel packed: every series comes back as it left, value for value (null, 0, −0 and
// fractions alike), whether it was the window's or not.
const window = ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04"];
const task = (values: (number | null)[], dates = window, extra: Partial<SegmentTask> = {}): SegmentTask => ({
  metric: "sessions",
  dimension: "channel",
  value: "Paid Search",
  series: values.map((value, i) => ({ date: dates[i], value })),
  watchStart: "2026-03-02",
  periodEnd: "2026-03-04",
  daily: true,
  ...extra,
});

describe("packed segment tasks", () => {
  it("unpack to the same tasks, series and options", () => {
    const tasks = [
      task([1, null, 0, 2.5]),
      task([-0, 3, null, 1e-12], window, { counts: true, totalShifts: ["2026-03-03"] }),
      // Not the window's days: kept as they were.
      task([7, 8], ["2026-03-03", "2026-03-04"], { metric: "position", daily: false }),
    ];
    const packed = packTasks(tasks);
    expect(packed.dates).toEqual(window);
    expect(packed.tasks[0]).not.toHaveProperty("series");
    expect(packed.tasks[2].series).toHaveLength(2);
    const back = unpackTasks(structuredClone(packed, { transfer: transferablesOf(packed) }));
    expect(back).toEqual(tasks);
    expect(Object.is(back[1].series[0].value, -0)).toBe(true);
  });

  it("packs no task at all", () => {
    expect(unpackTasks(packTasks([]))).toEqual([]);
  });
});

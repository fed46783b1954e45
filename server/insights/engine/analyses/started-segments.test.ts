import { describe, expect, it } from "vitest";
import type { LevelShiftFinding } from "../../detectors/change-points";
import type { SegmentShift } from "./segment-watch";
import { foldIntoStarts, startedFromNothing } from "./started-segments";

const shift = (fields: Partial<SegmentShift>): SegmentShift =>
  ({
    kind: "level_shift",
    metric: "sessions",
    dimension: "channel",
    dimensionValue: "Affiliates",
    date: "2026-11-05",
    periodStart: "2026-11-05",
    direction: "up",
    baseline: 0.13,
    current: 295,
    change: 294.87,
    changePct: 2268,
    ...fields,
  }) as SegmentShift;

describe("segments that began in the window", () => {
  it("rise from nothing: no level before, no percentage; a rise from a real level keeps both", () => {
    expect(startedFromNothing(shift({}) as LevelShiftFinding)).toMatchObject({
      baseline: 0,
      change: 295,
      changePct: null,
    });
    const grew = shift({ baseline: 100, change: 195, changePct: 1.95 }) as LevelShiftFinding;
    expect(startedFromNothing(grew)).toBe(grew);
  });

  it("keep one start per segment, naming its other metrics, and leave out what its first weeks held but a stop", () => {
    const start = (metric: string, current: number) =>
      shift({ metric, current, baseline: 0, change: current, changePct: null });
    const sessions = start("sessions", 295);
    const revenue = start("revenue", 362.41);
    const later = shift({
      metric: "transactions",
      date: "2026-11-14",
      periodStart: "2026-11-14",
      baseline: 5,
      current: 9,
    });
    const stop = shift({ date: "2026-11-18", periodStart: "2026-11-18", direction: "down", baseline: 295, current: 3 });
    const other = shift({ dimensionValue: "Email", date: "2026-11-14", baseline: 100, current: 150 });
    const kept = foldIntoStarts([sessions, revenue, later, stop, other]);
    expect(kept).toEqual([sessions, stop, other]);
    expect(sessions).toMatchObject({ alsoStarted: [{ metric: "revenue", current: 362.41 }] });
  });
});

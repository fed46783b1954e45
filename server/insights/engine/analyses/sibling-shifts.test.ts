import { describe, expect, it } from "vitest";
import type { EngineContext } from "../types";
import type { SegmentShift } from "./segment-watch";
import { noteSiblingShifts } from "./sibling-shifts";

const QUERIES = ["running shoes", "trail shoes", "buy sneakers", "shoe store near me", "marathon shoes"];

function ctxWatching(values: string[]): EngineContext {
  const series = values.map((value) => ({ sourceId: "gsc", dimension: "query", value, days: new Map() }));
  return { segmentDaily: { from: "2026-08-01", to: "2026-11-20", series } } as unknown as EngineContext;
}

function shift(value: string, date: string, direction: "up" | "down" = "up", metric = "position"): SegmentShift {
  return { kind: "level_shift", metric, dimension: "query", dimensionValue: value, date, direction } as SegmentShift;
}

type Noted = SegmentShift & { siblingShifts?: { count: number; watched: number } };

describe("noteSiblingShifts", () => {
  it("marks the first of most of a dimension's segments shifting the same way within a day", () => {
    const findings = [
      shift("running shoes", "2026-11-07"),
      shift("trail shoes", "2026-11-08"),
      shift("buy sneakers", "2026-11-07"),
      shift("shoe store near me", "2026-11-06"),
    ] as Noted[];
    noteSiblingShifts(ctxWatching(QUERIES), findings);
    expect(findings[0].siblingShifts).toEqual({ count: 4, watched: 5 });
    expect(findings.slice(1).every((f) => f.siblingShifts === undefined)).toBe(true);
  });

  it("leaves shifts apart in time, in direction or in metric, and a few of many segments, unmarked", () => {
    const apart = [
      shift("running shoes", "2026-11-07"),
      shift("trail shoes", "2026-11-10"),
      shift("buy sneakers", "2026-11-07", "down"),
      shift("shoe store near me", "2026-11-07", "up", "clicks"),
    ] as Noted[];
    noteSiblingShifts(ctxWatching(QUERIES), apart);
    expect(apart.some((f) => f.siblingShifts)).toBe(false);
    // Three of twelve watched queries: three queries' news, not the site's.
    const few = [shift("a", "2026-11-07"), shift("b", "2026-11-07"), shift("c", "2026-11-07")] as Noted[];
    noteSiblingShifts(ctxWatching("abcdefghijkl".split("")), few);
    expect(few.some((f) => f.siblingShifts)).toBe(false);
  });
});

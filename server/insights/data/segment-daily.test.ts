import { describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import { PARTS, PART_INDEX, type PartValues } from "./parts";
import { DenseSegmentDays, segmentSeries, type SegmentDailySeries } from "./segment-daily";

// A loaded segment's days (DenseSegmentDays) must read exactly as the Map of the same rows, both as a Map and as the
// series the engine builds from it.

const FROM = "2026-02-25";
const LENGTH = 8;

/** Rows on days 0, 1, 3 (sessions and revenue; revenue null on day 1) and 7 (sessions only). */
function rows(): Map<string, PartValues> {
  const row = (sessions: number, revenue: number | null): PartValues => {
    const values: PartValues = PARTS.map(() => null);
    values[PART_INDEX.sessions] = sessions;
    values[PART_INDEX.revenue] = revenue;
    return values;
  };
  return new Map([
    [addDays(FROM, 0), row(10, 99.5)],
    [addDays(FROM, 1), row(0, null)],
    [addDays(FROM, 3), row(12.25, 0)],
    [addDays(FROM, 7), row(7, null)],
  ]);
}

const dense = (map: Map<string, PartValues>) => DenseSegmentDays.fromMap(map, FROM, addDays(FROM, LENGTH - 1));

const segment = (days: ReadonlyMap<string, PartValues>): SegmentDailySeries => ({
  sourceId: "s",
  dimension: "channel",
  value: "Email",
  days,
});

describe("a loaded segment's days", () => {
  it("read as the Map of the same rows: entries in date order, get, has and size", () => {
    const map = rows();
    const days = dense(map);
    expect([...days]).toEqual([...map]);
    expect(new Map(days)).toEqual(map);
    expect(days.size).toBe(4);
    expect(days.get(addDays(FROM, 1))).toEqual(map.get(addDays(FROM, 1)));
    expect(days.get(addDays(FROM, 2))).toBeUndefined();
    expect(days.get(addDays(FROM, -1))).toBeUndefined();
    expect(days.get(addDays(FROM, LENGTH))).toBeUndefined();
    expect(days.has(addDays(FROM, 7))).toBe(true);
    expect(days.has(addDays(FROM, 6))).toBe(false);
    expect([...days.keys()]).toEqual([...map.keys()]);
    expect([...days.values()]).toEqual([...map.values()]);
  });

  it("give the series the Map gives, over any range, with excluded days null", () => {
    const map = rows();
    const excluded = new Set([addDays(FROM, 3)]);
    for (const part of ["sessions", "revenue", "cost"] as const)
      for (const [from, to] of [
        [FROM, addDays(FROM, LENGTH - 1)],
        [addDays(FROM, -3), addDays(FROM, 2)],
        [addDays(FROM, 5), addDays(FROM, 12)],
      ]) {
        expect(segmentSeries(segment(dense(map)), part, from, to)).toEqual(segmentSeries(segment(map), part, from, to));
        expect(segmentSeries(segment(dense(map)), part, from, to, excluded)).toEqual(
          segmentSeries(segment(map), part, from, to, excluded),
        );
      }
  });
});

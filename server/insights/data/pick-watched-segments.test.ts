import { describe, expect, it } from "vitest";
import { PART_INDEX, PARTS, type PartValues } from "./parts";
import { ProjectData, type SegmentRow } from "./project-data";
import {
  MAX_SHIFT_WATCHED_VALUES,
  MAX_TAIL_WATCHED_VALUES,
  MAX_WATCHED_VALUES,
  MIN_DAILY_VOLUME,
  pickWatchedSegments,
} from "./pick-watched-segments";
import { reportWindow } from "./window";

const SOURCE = "00000000-0000-4000-8000-000000000001";
const window = reportWindow("2026-03-04", "2026-03-31", "previous_period"); // 28 days against 28

/** A campaign with `perDay` sessions a day in both periods. */
function rows(value: string, perDay: number): SegmentRow[] {
  return [true, false].map((current) => {
    const values: PartValues = PARTS.map(() => null);
    values[PART_INDEX.sessions] = perDay * 28;
    return { sourceId: SOURCE, dimension: "campaign", value, current, combos: 1, values };
  });
}

describe("pickWatchedSegments", () => {
  it("watches the largest values fully, the next ones in volume and KPI, a tail for shifts, none below the floor", () => {
    const count = MAX_TAIL_WATCHED_VALUES + 5;
    // Campaign 1 the largest; the last two under MIN_DAILY_VOLUME a day.
    const all = Array.from({ length: count }, (_, k) =>
      rows(`Campaign ${k + 1}`, k >= count - 2 ? MIN_DAILY_VOLUME - 1 : 1000 - k),
    ).flat();
    const data = new ProjectData(window, [{ sourceId: SOURCE, days: new Map() }], all, ["campaign"]);
    const watched = pickWatchedSegments(data, ["campaign"]);
    expect(watched).toHaveLength(MAX_TAIL_WATCHED_VALUES);
    expect(watched.map((w) => w.value)).toEqual(
      Array.from({ length: MAX_TAIL_WATCHED_VALUES }, (_, k) => `Campaign ${k + 1}`),
    );
    expect(watched.filter((w) => !w.narrow)).toHaveLength(MAX_WATCHED_VALUES);
    expect(watched.slice(0, MAX_WATCHED_VALUES).every((w) => !w.narrow && !w.tail)).toBe(true);
    expect(watched.slice(MAX_WATCHED_VALUES, MAX_SHIFT_WATCHED_VALUES).every((w) => w.narrow && !w.tail)).toBe(true);
    expect(watched.slice(MAX_SHIFT_WATCHED_VALUES).every((w) => w.narrow && w.tail)).toBe(true);
    // Every campaign is steady: the tail is left unread, the larger ones are read whatever they did.
    expect(watched.slice(MAX_SHIFT_WATCHED_VALUES).every((w) => w.screenedOut)).toBe(true);
    expect(watched.slice(0, MAX_SHIFT_WATCHED_VALUES).some((w) => w.screenedOut)).toBe(false);
  });

  it("reads a tail value whose volume a day moved beyond its Poisson noise between the periods", () => {
    const moved = (value: string, perDay: number, factor: number) =>
      rows(value, perDay).map((r) =>
        r.current ? { ...r, values: r.values.map((v) => (v === null ? null : v * factor)) } : r,
      );
    const all = [
      ...Array.from({ length: MAX_SHIFT_WATCHED_VALUES }, (_, k) => rows(`Large ${k + 1}`, 5000)).flat(),
      ...moved("Lost a tenth", 100, 0.9), // 100 → 90 a day over 28 days: 3.8 standard errors
      ...moved("Wobbled", 100, 0.982), // 100 → 98.2 a day: 0.7 standard errors
    ];
    const data = new ProjectData(window, [{ sourceId: SOURCE, days: new Map() }], all, ["campaign"]);
    const tail = pickWatchedSegments(data, ["campaign"]).filter((w) => w.tail);
    expect(tail.map((w) => [w.value, Boolean(w.screenedOut)])).toEqual([
      ["Lost a tenth", false],
      ["Wobbled", true],
    ]);
  });

  it("watches every value of a small dimension fully", () => {
    const data = new ProjectData(
      window,
      [{ sourceId: SOURCE, days: new Map() }],
      [...rows("A", 50), ...rows("B", 30)],
      ["campaign"],
    );
    expect(pickWatchedSegments(data, ["campaign"]).map((w) => [w.value, w.narrow])).toEqual([
      ["A", false],
      ["B", false],
    ]);
  });
});

describe("pickWatchedSegments' ranking", () => {
  it("ranks a segment by its larger period: one that lost most of its traffic is watched at the size it had", () => {
    const halved = (value: string, before: number) =>
      rows(value, before).map((r) =>
        r.current ? { ...r, values: r.values.map((v) => (v === null ? null : v / 4)) } : r,
      );
    const all = [
      ...halved("Fell", 1000), // 1,000 a day before, 250 in the period: 1,250 over both
      ...Array.from({ length: MAX_SHIFT_WATCHED_VALUES }, (_, k) => rows(`Steady ${k + 1}`, 700)).flat(), // 1,400
    ];
    const data = new ProjectData(window, [{ sourceId: SOURCE, days: new Map() }], all, ["campaign"]);
    const watched = pickWatchedSegments(data, ["campaign"]);
    expect(watched[0]).toMatchObject({ value: "Fell", narrow: false });
    expect(watched).toHaveLength(MAX_SHIFT_WATCHED_VALUES + 1);
  });
});

import { describe, expect, it } from "vitest";
import { SourceDays } from "../../data/source-days";
import { addDays } from "@/lib/dates";
import { intentionByKey } from "@/lib/insights/intentions";
import { PART_INDEX, PARTS, type PartKey, type PartValues } from "../../data/parts";
import { ProjectData, type SegmentRow } from "../../data/project-data";
import { reportWindow } from "../../data/window";
import type { EngineContext } from "../types";
import { runAudit } from "./audit";

// Ad clicks against paid visits: the paid visits come from the channel group, or, in an export by
// source / medium ("google / cpc"), from the medium.

const window = reportWindow("2026-10-27", "2026-11-25", "previous_period");
const ADS = "00000000-0000-4000-8000-0000000000ad";
const SITE = "00000000-0000-4000-8000-00000000a4a1";
const values = (parts: Partial<Record<PartKey, number>>): PartValues => {
  const v: PartValues = PARTS.map(() => null);
  for (const [part, x] of Object.entries(parts)) v[PART_INDEX[part as PartKey]] = x;
  return v;
};
function daily(sourceId: string, parts: Partial<Record<PartKey, number>>) {
  const days = new Map<string, PartValues>();
  for (let d = window.historyStart; d <= window.periodEnd; d = addDays(d, 1)) days.set(d, values(parts));
  return { sourceId, days };
}

/** 1,000 ad clicks a day; the site's visits by `dimension`, `paidVisits` of them from the paid value. */
function context(dimension: "channel" | "medium", paid: string, paidVisits: number): EngineContext {
  const rows: SegmentRow[] = [
    [paid, paidVisits],
    [dimension === "channel" ? "Organic Search" : "organic", 1_500],
  ].flatMap(([value, sessions]) =>
    [true, false].map((current) => ({
      sourceId: SITE,
      dimension,
      value: value as string,
      current,
      combos: 1,
      values: values({ sessions: (sessions as number) * window.periodDays }),
    })),
  );
  const data = new ProjectData(
    window,
    [daily(ADS, { clicks: 1_000, cost: 2_000 }), daily(SITE, { sessions: 1_500 + paidVisits })],
    rows,
    [dimension],
  );
  return { data, rawData: data, window, excludedDays: SourceDays.none } as unknown as EngineContext;
}

const run = (ctx: EngineContext) =>
  runAudit(ctx, intentionByKey("ads_clicks_vs_sessions")!, "ads_clicks_vs_sessions").findings;

describe("ads clicks versus visits", () => {
  it("finds paid visits far below the ad clicks by channel group", () => {
    expect(run(context("channel", "Paid Search", 400))).toMatchObject([{ issue: "sessions_below_clicks" }]);
    expect(run(context("channel", "Paid Search", 950))).toEqual([]);
  });

  it("reads the paid visits from the medium in an export by source / medium", () => {
    expect(run(context("medium", "cpc", 400))).toMatchObject([{ issue: "sessions_below_clicks", current: 12_000 }]);
    expect(run(context("medium", "cpc", 1_000))).toEqual([]);
  });
});

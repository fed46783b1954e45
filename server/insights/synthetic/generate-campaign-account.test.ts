import { describe, expect, it } from "vitest";
import { MAX_SHIFT_WATCHED_VALUES, MAX_WATCHED_VALUES } from "../data/pick-watched-segments";
import { runEngine } from "../engine/run-engine";
import {
  campaignName,
  generateCampaignAccount,
  plannedCampaignDay,
  plannedCampaignShift,
} from "./generate-campaign-account";
import { eventFound, significantFindings } from "./score";

describe("generated campaign accounts", () => {
  it("plant a level shift in a campaign past the fully watched ones, inside the shift watch", () => {
    const ranks = Array.from({ length: 50 }, (_, i) => Number(plannedCampaignShift(i + 1).value!.slice(-2)));
    expect(Math.min(...ranks)).toBe(MAX_WATCHED_VALUES + 1);
    expect(Math.max(...ranks)).toBe(MAX_SHIFT_WATCHED_VALUES);
  });

  it("are watched as a report watches them, and the engine finds the shift in the 21st campaign", () => {
    const { input, event } = generateCampaignAccount(1, true); // Campaign 21, down 5.9 SD from 16 March
    expect(event).toMatchObject({ kind: "level_shift", value: campaignName(21), direction: "down" });
    const series = input.segmentDaily.series;
    expect(series).toHaveLength(MAX_SHIFT_WATCHED_VALUES);
    expect(series.filter((s) => !s.narrow).map((s) => s.value)).toEqual(
      Array.from({ length: MAX_WATCHED_VALUES }, (_, i) => campaignName(i + 1)),
    );
    expect(series.find((s) => s.value === event!.value)?.narrow).toBe(true);
    expect(eventFound(runEngine(input), event!)).toBe(true);
    expect(significantFindings(runEngine(generateCampaignAccount(1, false).input))).toEqual([]);
  });

  it("watches a campaign its drop pushed past the 30th in the tail, for level shifts of its volume, and finds it", () => {
    const { input, event } = generateCampaignAccount(25, true); // Campaign 30, down 7.3 SD from 19 March
    expect(event).toMatchObject({ kind: "level_shift", value: campaignName(30), direction: "down" });
    const tail = input.segmentDaily.series.filter((s) => s.tail);
    // Its volume moved between the periods, so the screen reads it; the steady 32nd is left out but counted.
    expect(tail.map((s) => s.value)).toEqual([campaignName(30)]);
    expect(input.segmentDaily.untestedShifts).toBe(1);
    const report = runEngine(input);
    // The unread one still counts as a level-shift test in the report's false discovery rate.
    expect(
      report.tests! - runEngine({ ...input, segmentDaily: { ...input.segmentDaily, untestedShifts: 0 } }).tests!,
    ).toBe(1);
    expect(eventFound(report, event!)).toBe(true);
    const lasting = report.insights.find((i) => i.intentionKey === "segment_level_shifts")!;
    expect(lasting.findings[0]).toMatchObject({ dimensionValue: campaignName(30), metric: "sessions" });
    expect(lasting.findings.filter((f) => f.dimensionValue === campaignName(30)).map((f) => f.metric)).toEqual([
      "sessions",
    ]);
  });

  it("with a one-day event: a spike or drop past the 10 largest campaigns is judged day by day too", () => {
    const ranks = Array.from({ length: 50 }, (_, i) => Number(plannedCampaignDay(i + 1).value!.slice(-2)));
    expect(Math.min(...ranks)).toBe(MAX_WATCHED_VALUES + 1);
    expect(Math.max(...ranks)).toBe(MAX_SHIFT_WATCHED_VALUES);
    const { input, event } = generateCampaignAccount(6, true, true); // Campaign 18, up 7.1 SD on 26 March
    expect(event).toMatchObject({ kind: "spike", value: campaignName(18), date: "2026-03-26" });
    expect(input.segmentDaily.series.find((s) => s.value === event!.value)?.narrow).toBe(true);
    const report = runEngine(input);
    expect(eventFound(report, event!)).toBe(true);
    const day = report.insights.find((i) => i.intentionKey === "segment_anomalies")!;
    expect(day.summary).toMatch(/^Sessions for Campaign “Campaign 18” on Mar 26, 2026 were/);
    expect(significantFindings(runEngine(generateCampaignAccount(6, false, true).input))).toEqual([]);
  });

  it("keeps a small campaign's clear day although larger campaigns have more chance candidates of more impact", () => {
    // Campaign 29 (about 50 sessions a day) up 6.2 SD on 10 March: p ≈ 3·10⁻⁷, far below the bar over 1,515 tests.
    // About 5 % of the tests are chance candidates (p < 0.05), and the larger campaigns' carry more revenue: cut to
    // the 48 of most impact before the FDR control, the day was never judged.
    const { input, event } = generateCampaignAccount(4, true, true);
    expect(event).toMatchObject({ kind: "spike", value: campaignName(29), date: "2026-03-10" });
    const report = runEngine(input);
    expect(eventFound(report, event!)).toBe(true);
    const day = report.insights.find((i) => i.intentionKey === "segment_anomalies")!;
    expect(day.findings[0]).toMatchObject({ dimensionValue: campaignName(29), date: "2026-03-10", direction: "up" });
  });

  it("judges a campaign's day with what the other campaigns' noise says about its own", () => {
    // Campaign 15 down 6.4 SD on 10 March, 4.3 of its own σ: with the t of its own 85 days (df ≈ 46), p ≈ 10⁻⁴,
    // short of the bar over 1,515 tests. The 30 campaigns' scales agree, so the moderated σ has hundreds of degrees
    // of freedom (segment-noise.ts) and the day passes; its noise twin still reports nothing.
    const { input, event } = generateCampaignAccount(16, true, true);
    expect(event).toMatchObject({ kind: "drop", value: campaignName(15), date: "2026-03-10" });
    expect(eventFound(runEngine(input), event!)).toBe(true);
    expect(significantFindings(runEngine(generateCampaignAccount(16, false, true).input))).toEqual([]);
  });
});

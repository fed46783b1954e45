import { describe, expect, it } from "vitest";
import { MAX_SHIFT_WATCHED_VALUES, MAX_WATCHED_VALUES } from "../data/pick-watched-segments";
import { runEngine } from "../engine/run-engine";
import { campaignName, generateCampaignAccount, plannedCampaignShift } from "./generate-campaign-account";
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
    expect(series.filter((s) => !s.shiftsOnly).map((s) => s.value)).toEqual(
      Array.from({ length: MAX_WATCHED_VALUES }, (_, i) => campaignName(i + 1)),
    );
    expect(series.find((s) => s.value === event!.value)?.shiftsOnly).toBe(true);
    expect(eventFound(runEngine(input), event!)).toBe(true);
    expect(significantFindings(runEngine(generateCampaignAccount(1, false).input))).toEqual([]);
  });
});

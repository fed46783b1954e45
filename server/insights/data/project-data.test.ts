import { describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import { PART_INDEX, PARTS, type PartKey, type PartValues } from "./parts";
import { ProjectData } from "./project-data";
import { reportWindow } from "./window";

// Each metric is read from one source: the one with the most days of it. Between an ads export and
// the analytics with as many days, the analytics' conversions are the site's; the ads' only the paid.

const window = reportWindow("2026-10-27", "2026-11-25", "previous_period");
const ADS = "00000000-0000-4000-8000-00000000000a";
const ANALYTICS = "00000000-0000-4000-8000-00000000000b";

function source(sourceId: string, from: string, parts: Partial<Record<PartKey, number>>) {
  const days = new Map<string, PartValues>();
  for (let d = from; d <= window.periodEnd; d = addDays(d, 1)) {
    const v: PartValues = PARTS.map(() => null);
    for (const [part, x] of Object.entries(parts)) v[PART_INDEX[part as PartKey]] = x;
    days.set(d, v);
  }
  return { sourceId, days };
}

describe("ProjectData.sourceFor", () => {
  const ads = (from: string) => source(ADS, from, { clicks: 500, cost: 900, conversions: 40 });
  const analytics = (from: string) => source(ANALYTICS, from, { sessions: 1_500, conversions: 55 });

  it("reads conversions from the analytics when the ads export has as many days", () => {
    const data = new ProjectData(window, [ads(window.historyStart), analytics(window.historyStart)], [], []);
    expect(data.sourceFor(["conversions"])).toBe(ANALYTICS);
    expect(data.periodTotals("conversions").current).toBe(55 * 30);
    expect(data.sourceFor(["cost", "conversions"])).toBe(ADS); // cost per conversion: the ads' own
  });

  it("still reads the source with the most days first", () => {
    const data = new ProjectData(window, [ads(window.historyStart), analytics(window.comparisonStart)], [], []);
    expect(data.sourceFor(["conversions"])).toBe(ADS);
  });
});

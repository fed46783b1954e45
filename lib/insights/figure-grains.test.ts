import { describe, expect, it } from "vitest";
import { mixedGrainNote } from "./figure-grains";

const label = (m: string) => ({ sessions: "Sessions", revenue: "Revenue", clicks: "Clicks", cost: "Cost" })[m] ?? m;

describe("a report's figures of mixed grains", () => {
  it("says which are daily and which weekly or monthly totals", () => {
    expect(
      mixedGrainNote(
        [
          { metric: "sessions", grain: "week" },
          { metric: "revenue", grain: "week" },
          { metric: "clicks", grain: "day" },
          { metric: "cost", grain: "month" },
        ],
        label,
      ),
    ).toBe(
      "Clicks is daily; Sessions and Revenue are weekly: from a weekly data source, each week a total, a point a week; Cost is monthly: from a monthly data source, each month a total, a point a month.",
    );
  });

  it("says nothing when the figures share one grain (figures of an older answer have none: days)", () => {
    expect(
      mixedGrainNote(
        [
          { metric: "sessions", grain: "week" },
          { metric: "revenue", grain: "week" },
        ],
        label,
      ),
    ).toBe(null);
    expect(mixedGrainNote([{ metric: "sessions" }, { metric: "clicks", grain: "day" }], label)).toBeNull();
  });
});

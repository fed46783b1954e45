import { describe, expect, it } from "vitest";
import { addDays } from "../dates";
import { coarseDates } from "./date-spacing";

const every = (days: number, n: number, from = "2026-01-05") =>
  Array.from({ length: n }, (_, i) => addDays(from, i * days));

describe("coarseDates", () => {
  it("tells weeks and months from days", () => {
    expect(coarseDates(every(7, 20))).toEqual({
      apart: "a week",
      examples: ["2026-01-05", "2026-01-12", "2026-01-19"],
    });
    expect(coarseDates(["2026-01-01", "2026-02-01", "2026-03-01", "2026-04-01"])?.apart).toBe("a month");
    expect(coarseDates(every(14, 6))?.apart).toBe("7 days or more");
  });

  it("takes daily data for daily, however sparse, and a file of a few dates as it is", () => {
    expect(coarseDates(every(1, 400))).toBeNull();
    // A small campaign's rows on some days only: one pair of dates a day apart is enough.
    expect(coarseDates([...every(7, 10), "2026-01-06"])).toBeNull();
    expect(coarseDates(every(7, 3))).toBeNull();
    // Rows of one date repeat it (one per combination).
    expect(coarseDates(["2026-01-05", "2026-01-05", "2026-01-06", "2026-01-07", "2026-01-08"])).toBeNull();
  });
});

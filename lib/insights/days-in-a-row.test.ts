import { describe, expect, it } from "vitest";
import { daysAround, withItsRun } from "./days-in-a-row";
import { formatFindingChange, formatFindingValue } from "./format-values";
import { findingValueFormat } from "@/server/exports/xlsx/number-formats";
import { findingDays } from "@/server/exports/export-format";

// Days in a row of one series (a five-day dip of Paid Search's visits), told by the headline as "about 237 a day
// against about 470", and by the key numbers beside it the same way: they showed the lead day's own figures.

const day = (date: string, current: number, baseline: number, over: Record<string, unknown> = {}) => ({
  kind: "anomaly" as const,
  metric: "sessions",
  dimension: "channel",
  dimensionValue: "Paid Search",
  direction: "down" as const,
  periodStart: date,
  periodEnd: date,
  date,
  current,
  baseline,
  change: current - baseline,
  changePct: (current - baseline) / baseline,
  ...over,
});

describe("days in a row", () => {
  const findings = [
    day("2026-11-06", 200, 480),
    day("2026-11-05", 250, 470),
    day("2026-11-07", 261, 460),
    day("2026-11-06", 90, 120, { dimensionValue: "Email" }),
    day("2026-11-09", 300, 350),
  ];

  it("finds the lead's days next to it and to each other", () => {
    expect(daysAround(findings[0], findings).map((f) => f.periodStart)).toEqual([
      "2026-11-05",
      "2026-11-06",
      "2026-11-07",
    ]);
  });

  it("gives the key numbers of the days together: their first to last day, and their means a day", () => {
    const run = withItsRun(findings[0], findings);
    expect(run).toMatchObject({
      periodStart: "2026-11-05",
      periodEnd: "2026-11-07",
      date: "2026-11-05",
      current: 237,
      baseline: 470,
      change: -233,
      daysInARow: 3,
    });
    expect(run.changePct).toBeCloseTo(-233 / 470, 6);
    expect(formatFindingValue(run, run.current, "EUR")).toBe("237 a day");
    expect(formatFindingChange(run, run.change, "EUR")).toBe("−233 a day");
    expect(findingValueFormat(run, "count", "EUR")).toMatch(/" a day"$/);
    expect(findingDays(run)).toEqual({ start: "2026-11-05", end: "2026-11-07" });
    // A day alone is itself, its value no daily level.
    const alone = withItsRun(findings[4], findings);
    expect(alone).toBe(findings[4]);
    expect(formatFindingValue(alone, alone.current, "EUR")).toBe("300");
  });
});

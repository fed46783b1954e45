import { describe, expect, it } from "vitest";
import { defaultReportName, ownReportName, periodName, projectCoverage, proposedPeriod } from "./report-period";

describe("report names", () => {
  it("names an unnamed report by its project and period, as a valid file name", () => {
    expect(defaultReportName("acme.com: shop", "2026-10-28", "2026-11-26")).toBe(
      "acme com  shop 2026-10-28 to 2026-11-26",
    );
  });

  it("leaves the default name out where the project and the period are already said, and keeps a given name", () => {
    const period = { periodStart: "2026-10-28", periodEnd: "2026-11-26" };
    const unnamed = { ...period, name: defaultReportName("Northwind", period.periodStart, period.periodEnd) };
    expect(ownReportName(unnamed, "Northwind")).toBeNull();
    expect(ownReportName({ ...period, name: "October review" }, "Northwind")).toBe("October review");
    expect(ownReportName({ ...period, name: null }, "Northwind")).toBeNull();
    // Renamed since: the old default no longer repeats the header's project.
    expect(ownReportName(unnamed, "Northwind Outfitters")).toBe(unnamed.name);
  });
});

const now = new Date("2026-03-10T12:00:00Z");

describe("proposedPeriod", () => {
  it("daily data: the last four weeks of days, ending at the data's end, not today", () => {
    // Search Console's file ends on 2025-07-11, a year before "now".
    expect(proposedPeriod({ lastPeriod: "2025-07-11", grain: "day" }, "UTC", now)).toEqual({
      periodStart: "2025-06-14",
      periodEnd: "2025-07-11",
    });
    // Data up to today: up to yesterday.
    expect(proposedPeriod({ lastPeriod: "2026-03-10", grain: "day" }, "UTC", now)).toEqual({
      periodStart: "2026-02-10",
      periodEnd: "2026-03-09",
    });
  });

  it("weekly data: the source's own last four full weeks (a last week that may be partial left out)", () => {
    expect(
      proposedPeriod({ lastPeriod: "2024-12-30", grain: "week", lastPeriodMayBePartial: true }, "UTC", now),
    ).toEqual({
      periodStart: "2024-12-02",
      periodEnd: "2024-12-29",
    });
    expect(proposedPeriod({ lastPeriod: "2024-12-29", grain: "week" }, "UTC", now)).toEqual({
      periodStart: "2024-12-08",
      periodEnd: "2025-01-04",
    });
  });

  it("monthly data: the last three full months; no data: the last 28 days", () => {
    expect(proposedPeriod({ lastPeriod: "2019-03-01", grain: "month" }, "UTC", now)).toEqual({
      periodStart: "2019-01-01",
      periodEnd: "2019-03-31",
    });
    expect(proposedPeriod(null, "UTC", now)).toEqual({ periodStart: "2026-02-10", periodEnd: "2026-03-09" });
  });

  it("a project's coverage: weekly when every source is, otherwise days to the last day any covers", () => {
    const weekly = {
      grain: "week" as const,
      dataRange: { start: "2024-01-01", end: "2024-12-30" },
      additional: { upload: { lastPeriodMayBePartial: true } },
    };
    expect(projectCoverage([weekly])).toEqual({
      lastPeriod: "2024-12-30",
      grain: "week",
      lastPeriodMayBePartial: true,
    });
    expect(projectCoverage([weekly, { grain: "day", dataRange: { start: "2024-06-01", end: "2024-12-31" } }])).toEqual({
      lastPeriod: "2025-01-05",
      grain: "day",
    });
    expect(projectCoverage([{ grain: "day", dataRange: null }])).toBeNull();
  });
});

describe("periodName", () => {
  it("names whole months, quarters and years, and gives other days as their range", () => {
    expect(periodName("2026-11-01", "2026-11-30")).toBe("November 2026");
    expect(periodName("2026-02-01", "2026-02-28")).toBe("February 2026");
    expect(periodName("2026-12-01", "2026-12-31")).toBe("December 2026");
    expect(periodName("2026-10-01", "2026-12-31")).toBe("Q4 2026");
    expect(periodName("2026-01-01", "2026-03-31")).toBe("Q1 2026");
    expect(periodName("2026-01-01", "2026-12-31")).toBe("2026");
    expect(periodName("2026-11-02", "2026-11-29")).toBe("Nov 2, 2026 – Nov 29, 2026");
    expect(periodName("2026-11-01", "2026-11-29")).toBe("Nov 1, 2026 – Nov 29, 2026");
  });
});

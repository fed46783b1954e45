import { describe, expect, it } from "vitest";
import { defaultReportName, ownReportName, periodName } from "./report-period";

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

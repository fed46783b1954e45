import { describe, expect, it } from "vitest";
import {
  formatChange,
  formatFindingChange,
  formatFindingRange,
  formatFindingValue,
  formatMetric,
  formatPct,
  isNegligiblePct,
} from "./format-values";

describe("changes that round to nothing", () => {
  it("are shown as 0, without a sign", () => {
    expect(formatPct(-0.0002)).toBe("0 %");
    expect(formatPct(0.0004)).toBe("0 %");
    expect(formatPct(-0.069)).toBe("−6.9 %");
    expect(formatPct(0.123)).toBe("+12.3 %");
    expect(formatChange("conversionRate", -0.000001, "USD", "percent")).toBe("0 pp");
    expect(formatChange("conversionRate", -0.0017, "USD", "percent")).toBe("−0.17 pp");
    // Pages per session 1.80 → 1.796: to a thousandth, beside its −0.2 %; not "−0" below that.
    expect(formatChange("pagesPerSession", -0.004, "USD")).toBe("−0.004");
    expect(formatChange("pagesPerSession", -0.0004, "USD")).toBe("0");
    expect(formatChange("pagesPerSession", -0.3, "USD")).toBe("−0.3");
  });
  it("give a return on ad spend as a multiple, and other ratios plain", () => {
    expect(formatMetric("roas", 2.18)).toBe("2.18×");
    expect(formatChange("roas", 0.41, "USD")).toBe("+0.41×");
    expect(formatChange("roas", -0.3, "USD")).toBe("−0.3×");
    expect(formatMetric("pagesPerSession", 1.8)).toBe("1.8");
  });
  it("are negligible below half a tenth of a percent", () => {
    expect(isNegligiblePct(0.0004)).toBe(true);
    expect(isNegligiblePct(-0.0006)).toBe(false);
    expect(isNegligiblePct(null)).toBe(true);
  });
});

describe("money", () => {
  it("is shown in the currency's own minor units", () => {
    expect(formatMetric("revenue", 106861.58, "JPY")).toBe("¥106,862");
    expect(formatMetric("revenue", 234371.6, "USD")).toBe("$234,371.60");
    expect(formatMetric("revenue", 1234.5, "EUR")).toBe("€1,234.50");
    expect(formatChange("revenue", -2601, "JPY")).toBe("−¥2,601");
    // Under ¥10 a yen amount keeps its decimals: a cost per click up ¥0.42 is not "+¥0".
    expect(formatChange("cpc", 0.42, "JPY")).toBe("+¥0.42");
    expect(formatMetric("cpc", 3.5, "JPY")).toBe("¥3.5");
    expect(formatMetric("cpc", 0.42, "EUR")).toBe("€0.42");
    expect(formatMetric("revenue", 1_234_567, "USD", { compact: true })).toBe("$1.2M");
  });
});

describe("a level shift's values", () => {
  it("are daily levels of a count or an amount, and plain rates or positions", () => {
    const revenue = { kind: "level_shift", metric: "revenue" };
    expect(formatFindingValue(revenue, 2350.83, "EUR")).toBe("€2,350.83 a day");
    expect(formatFindingChange(revenue, -2150.54, "EUR")).toBe("−€2,150.54 a day");
    expect(formatFindingValue({ kind: "level_shift", metric: "sessions" }, 812, "EUR")).toBe("812 a day");
    expect(formatFindingValue({ kind: "level_shift", metric: "conversionRate" }, 0.021, "EUR")).toBe("2.1 %");
    expect(formatFindingValue({ kind: "level_shift", metric: "revenue" }, null, "EUR")).toBe("–");
    // A period change's values are the period's own.
    expect(formatFindingValue({ kind: "change", metric: "revenue" }, 2350.83, "EUR")).toBe("€2,350.83");
  });
});

describe("an expected range", () => {
  it("says its unit once, after the upper end", () => {
    expect(formatFindingRange({ kind: "level_shift", metric: "sessions" }, 8.85, 9.61, "EUR")).toEqual([
      "8.85",
      "9.61 a day",
    ]);
    expect(
      formatFindingRange({ kind: "trend", metric: "sessions", valueUnit: "percent_per_week" }, 0.02, 0.045),
    ).toEqual(["+2 %", "+4.5 % per week"]);
    // Money keeps its currency on both ends; a plain count has no unit to share.
    expect(formatFindingRange({ kind: "anomaly", metric: "revenue" }, 1200, 1850.5, "EUR")).toEqual([
      "€1,200.00",
      "€1,850.50",
    ]);
    expect(formatFindingRange({ kind: "anomaly", metric: "sessions" }, null, 10)).toBeNull();
  });
});

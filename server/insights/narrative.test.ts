import { describe, expect, it } from "vitest";
import { describeFinding, formatChangePct, formatDate } from "./narrative";
import type { Finding } from "./types";

const base: Finding = {
  kind: "change",
  metric: "revenue",
  dimension: null,
  dimensionValue: null,
  periodStart: "2026-03-01",
  periodEnd: "2026-03-31",
  current: 123456.789,
  baseline: 100000,
  change: 23456.789,
  changePct: 0.23456789,
  expectedLow: 95000,
  expectedHigh: 105000,
  confidence: 0.95,
  direction: "up",
  pValue: 0.001,
};

describe("narratives", () => {
  it("formats dates and signed percentages", () => {
    expect(formatDate("2026-03-03")).toBe("Mar 3, 2026");
    expect(formatChangePct(0.1234)).toBe("+12.3%");
    expect(formatChangePct(-0.04)).toBe("-4.0%");
  });

  it("writes a change with currency, sign and significance", () => {
    expect(describeFinding(base, { currency: "EUR" })).toBe(
      "Revenue rose to €123,456.79 from Mar 1, 2026 to Mar 31, 2026, +€23,456.79 (+23.5%) against €100,000.00 in the comparison period; significant at 95% confidence.",
    );
  });

  it("writes an anomaly with integer counts and thousands separators", () => {
    const text = describeFinding(
      {
        ...base,
        kind: "anomaly",
        metric: "sessions",
        periodStart: "2026-03-03",
        periodEnd: "2026-03-03",
        current: 12345,
        baseline: 8000,
        expectedLow: 7012.4,
        expectedHigh: 8987.6,
      },
      { currency: "USD" },
    );
    expect(text).toBe(
      "Sessions on Mar 3, 2026 was 12,345, above the expected range of 7,012 to 8,988 (95% confidence).",
    );
  });

  it("writes rates as percentages and their change in points", () => {
    const text = describeFinding(
      {
        ...base,
        kind: "funnel",
        metric: "conversions",
        fromMetric: "sessions",
        current: 0.0148,
        baseline: 0.0199,
        change: -0.0051,
        changePct: -0.256,
        direction: "down",
      } as Finding,
      { currency: "USD" },
    );
    expect(text).toBe(
      "Conversion from sessions to conversions fell from 2.0% to 1.5% from Mar 1, 2026 to Mar 31, 2026, -0.5 pp.",
    );
  });

  it("writes a driver with its share of the change", () => {
    const text = describeFinding(
      {
        ...base,
        kind: "driver",
        metric: "sessions",
        dimension: "channel",
        dimensionValue: "Paid Search",
        change: -1200,
        shareOfChange: 0.8,
        direction: "down",
      } as Finding,
      { currency: "USD" },
    );
    expect(text).toBe(
      'channel "Paid Search" contributed -1,200 to the change in sessions from Mar 1, 2026 to Mar 31, 2026, 80.0% of the total change.',
    );
  });
});

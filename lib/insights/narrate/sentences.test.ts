import { describe, expect, it } from "vitest";
import { describeFinding, formatChangePct, formatDate, percentDigitsApart } from "./sentences";
import type { LegacyFinding as Finding } from "./legacy-fields";

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

  it("keeps the decimals of a small amount in a currency without minor units", () => {
    const cpc = { ...base, metric: "cpc", current: 48.42, baseline: 48, change: 0.42, changePct: 0.00875 };
    expect(describeFinding(cpc, { currency: "JPY" })).toBe(
      "Cost per click rose to ¥48 from Mar 1, 2026 to Mar 31, 2026, +¥0.42 (+0.9%) against ¥48 in the comparison period; significant at 95% confidence. A deterioration: lower cost per click is better.",
    );
  });

  it("names the days a change's totals estimated", () => {
    const two = { ...base, estimatedDays: ["2026-03-19", "2026-03-20"] } as Finding;
    expect(describeFinding(two, { currency: "EUR" })).toContain(
      "significant at 95% confidence. Mar 19, 2026 and Mar 20, 2026 have missing or partial data (a tracking gap, a day cut short, or not imported yet): the totals count each at the average of the same weekday in its period.",
    );
    const many = { ...base, estimatedDays: ["2026-02-26", "2026-02-27", "2026-03-30", "2026-03-31"] } as Finding;
    expect(describeFinding(many, { currency: "EUR" })).toContain(
      " 4 days between Feb 26, 2026 and Mar 31, 2026 have missing or partial data",
    );
    expect(describeFinding({ ...base, estimatedDays: ["2026-03-31"] } as Finding, { currency: "EUR" })).toContain(
      " Mar 31, 2026 has missing or partial data (a tracking gap, a day cut short, or not imported yet): the totals count it at",
    );
  });

  it("gives a total's effect on the KPI for another metric, not for the KPI's own total (its change is the effect)", () => {
    const rate = {
      ...base,
      metric: "conversionRate",
      current: 0.02,
      baseline: 0.0213,
      change: -0.0013,
      changePct: -0.061,
      direction: "down" as const,
      kpiEffect: -65737.67,
      kpiMetric: "revenue",
    };
    expect(describeFinding(rate, { currency: "EUR" })).toContain(
      "Estimated effect over the period: -€65,737.67 revenue.",
    );
    const revenue = { ...base, kpiEffect: base.change, kpiMetric: "revenue" };
    expect(describeFinding(revenue, { currency: "EUR" })).not.toContain("Estimated effect");
  });

  it("calls a count of one by its singular", () => {
    const rate = { ...base, metric: "conversionRate", kpiMetric: "leads" };
    expect(describeFinding({ ...rate, kpiEffect: 1.04 } as Finding, { currency: "EUR" })).toContain(
      "Estimated effect over the period: +1 lead.",
    );
    // A few of them to the tenth, and nothing said of an effect that rounds to none.
    expect(describeFinding({ ...rate, kpiEffect: 1.24 } as Finding, { currency: "EUR" })).toContain(
      "Estimated effect over the period: +1.2 leads.",
    );
    const deals = { ...rate, kpiMetric: "dealsWon" };
    expect(describeFinding({ ...deals, kpiEffect: -0.43 } as Finding, { currency: "EUR" })).toContain(
      "Estimated effect over the period: -0.4 deals won.",
    );
    expect(describeFinding({ ...deals, kpiEffect: -1 } as Finding, { currency: "EUR" })).toContain(
      "Estimated effect over the period: -1 deal won.",
    );
    expect(describeFinding({ ...deals, kpiEffect: -0.03 } as Finding, { currency: "EUR" })).not.toContain(
      "Estimated effect",
    );
    expect(
      describeFinding({ ...rate, kpiMetric: "newCustomerOrders", kpiEffect: 1 } as Finding, { currency: "EUR" }),
    ).toContain("+1 order from new customers.");
    expect(
      describeFinding({ ...rate, kpiMetric: "engagedSessions", kpiEffect: -1 } as Finding, { currency: "EUR" }),
    ).toContain("-1 engaged session.");
    expect(describeFinding({ ...rate, kpiEffect: -1 } as Finding, { currency: "EUR" })).toContain(
      "Estimated effect over the period: -1 lead.",
    );
    expect(describeFinding({ ...rate, kpiEffect: 11 } as Finding, { currency: "EUR" })).toContain(
      "Estimated effect over the period: +11 leads.",
    );
  });

  it("says a search position that grows in number worsened, not rose", () => {
    const position = { ...base, metric: "position", current: 5.36, baseline: 4.79, change: 0.57, changePct: 0.119 };
    expect(describeFinding(position, { currency: "USD" })).toBe(
      "Average position worsened to 5.4 from Mar 1, 2026 to Mar 31, 2026, +0.6 (+11.9%) against 4.8 in the comparison period; significant at 95% confidence. A deterioration: lower average position is better.",
    );
    const better = { ...position, current: 4.2, change: -0.59, changePct: -0.123, direction: "down" as const };
    expect(describeFinding(better, { currency: "USD" })).toMatch(/^Average position improved to 4.2/);
  });

  it("gives two close rates the decimals that show them apart", () => {
    const step = {
      ...base,
      kind: "funnel",
      metric: "clicks",
      fromMetric: "impressions",
      current: 0.04052,
      baseline: 0.04031,
      change: 0.00021,
      changePct: 0.0052,
      direction: "up",
    } as Finding;
    expect(describeFinding(step, { currency: "USD" })).toBe(
      "Conversion from impressions to clicks rose from 4.03% to 4.05% from Mar 1, 2026 to Mar 31, 2026, +0.02 pp.",
    );
    const rate = { ...base, metric: "conversionRate", current: 0.02034, baseline: 0.02041, change: -0.00007 };
    expect(describeFinding({ ...rate, direction: "down", changePct: -0.0034 }, { currency: "USD" })).toMatch(
      /^Conversion rate fell to 2\.03% .*, -0\.01 pp \(-0\.3%\) against 2\.04% in the comparison period/,
    );
  });

  it("says a shift or trend the season predicts is expected, quoting last year's move only where it is one", () => {
    const shift = {
      ...base,
      kind: "level_shift",
      periodStart: "2026-02-24",
      periodEnd: "2026-02-24",
      current: 51_327,
      baseline: 53_036,
      change: -1_709,
      changePct: -0.032,
      direction: "down",
    } as Finding;
    const course = { expected: true, lastYearChangePct: 0.034, sameCourse: true };
    const text = describeFinding({ ...shift, season: course } as Finding, { currency: "EUR" });
    expect(text).toContain("Expected for the season: the same weeks last year followed the same course.");
    expect(text).not.toContain("+3.4%");
    const moved = describeFinding({ ...shift, season: { expected: true, lastYearChangePct: -0.25 } } as Finding, {
      currency: "EUR",
    });
    expect(moved).toContain("Expected for the season: the same days last year moved -25.0%.");
    const trend = describeFinding({ ...shift, kind: "trend", season: course } as Finding, { currency: "EUR" });
    expect(trend).toContain("Expected for the season: the same days last year showed the same trend.");
  });

  it("tells a level that came back by its days and the level after them", () => {
    const stretch = {
      ...base,
      kind: "level_shift",
      metric: "sessions",
      dimension: "channel",
      dimensionValue: "Paid Search",
      periodStart: "2026-10-23",
      periodEnd: "2026-11-12",
      current: 876.4,
      baseline: 438.2,
      change: 438.2,
      changePct: 1,
      effectSize: 13.8,
      until: "2026-11-12",
      backTo: 491.3,
    } as Finding;
    expect(describeFinding(stretch, { currency: "EUR" })).toBe(
      "Sessions for Channel “Paid Search” shifted from about 438 to 876 a day from Oct 23, 2026 to Nov 12, 2026 " +
        "(+100.0%), 13.8 times the day-to-day noise, then came back to about 491 a day on Nov 13, 2026.",
    );
    // A channel that began and ended inside the window: it ran, with none before or after.
    const ran = { ...stretch, dimensionValue: "Affiliates", baseline: 0, change: 293, current: 293, changePct: null };
    expect(describeFinding({ ...ran, backTo: 0 } as Finding, { currency: "EUR" })).toBe(
      "Channel “Affiliates” ran from Oct 23, 2026 to Nov 12, 2026, with none before or after it: about 293 sessions a " +
        "day while it ran, 13.8 times the day-to-day noise.",
    );
    expect(describeFinding({ ...ran, backTo: 12 } as Finding, { currency: "EUR" })).toMatch(
      /^Channel “Affiliates” ran from Oct 23, 2026 to Nov 12, 2026, with none before it and about 12 a day after: /,
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
      "Sessions on Mar 3, 2026 were 12,345, above the expected range of 7,012 to 8,988 (95% confidence).",
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
      "Channel “Paid Search” contributed -1,200 to the change in sessions from Mar 1, 2026 to Mar 31, 2026, 80.0% of the total change.",
    );
  });

  it("splits a rate's driver into its share of the traffic and its own rate, the larger part first", () => {
    const driver = {
      ...base,
      kind: "driver",
      metric: "conversionRate",
      dimension: "channel",
      dimensionValue: "Display",
      current: 0.0042,
      baseline: 0.0046,
      change: -0.0057,
      shareOfChange: 0.729,
      direction: "down",
      mixEffect: -0.0055,
      performanceEffect: -0.0002,
      shareBefore: 0.094,
      shareAfter: 0.336,
    } as Finding;
    expect(describeFinding(driver, { currency: "USD" })).toBe(
      "Channel “Display” contributed -0.57 pp to the change in conversion rate from Mar 1, 2026 to Mar 31, 2026, 72.9% of the total change: -0.55 pp from its larger share of sessions (9.4% → 33.6%), -0.02 pp from its own conversion rate (0.46% → 0.42%).",
    );
    // A channel that got worse at the same share: its own rate first.
    const worse = {
      ...driver,
      mixEffect: 0,
      performanceEffect: -0.0057,
      shareAfter: 0.094,
      current: 0.0021,
    } as Finding;
    expect(describeFinding(worse, { currency: "USD" })).toContain(
      ": -0.57 pp from its own conversion rate (0.5% → 0.2%), almost nothing from its unchanged share of sessions (9.4% → 9.4%).",
    );
  });

  it("says a campaign spent without a conversion instead of quoting a share of none", () => {
    const noConversions = {
      ...base,
      kind: "driver",
      metric: "cpa",
      dimension: "campaign",
      dimensionValue: "Display - Prospecting",
      current: null,
      baseline: null,
      change: 1.2,
      shareOfChange: 0.4,
      direction: "up",
      mixEffect: 1.2,
      performanceEffect: 0,
      shareBefore: 0,
      shareAfter: 0,
    } as Finding;
    const text = describeFinding(noConversions, { currency: "USD" });
    expect(text).toContain(": +$1.20 from cost without conversions.");
    expect(text).not.toMatch(/share of/);
  });

  it("says a fall is good news where down is good (cost per conversion)", () => {
    const cpa = {
      ...base,
      metric: "cpa",
      current: 20,
      baseline: 25,
      change: -5,
      changePct: -0.2,
      direction: "down" as const,
    };
    expect(describeFinding(cpa, { currency: "EUR" })).toMatch(/An improvement: lower cost per conversion is better\.$/);
    expect(describeFinding({ ...cpa, direction: "up" }, { currency: "EUR" })).toMatch(/A deterioration/);
    expect(describeFinding(base, { currency: "EUR" })).not.toMatch(/improvement|deterioration/);
  });

  it("writes a trend as a rate per week with its interval, never a slope in currency", () => {
    const text = describeFinding(
      { ...base, kind: "trend", rate: 0.021, rateLow: 0.008, rateHigh: 0.034, rateUnit: "week" } as Finding,
      { currency: "EUR" },
    );
    expect(text).toBe(
      "Revenue grew by 2.1% per week from Mar 1, 2026 to Mar 31, 2026 (95% confidence interval +0.8% to +3.4% per week).",
    );
  });

  it("writes a step above 1 as a ratio, not a percentage above 100 %", () => {
    const step = { ...base, kind: "funnel", metric: "pageviews", fromMetric: "sessions", current: 2.4, baseline: 2.6 };
    expect(describeFinding(step as Finding, { currency: "EUR" })).toMatch(
      /^Pageviews per session rose from 2\.6 to 2\.4/,
    );
  });

  it("labels a change the season predicts as expected", () => {
    const f = { ...base, season: { expectedCurrent: 121000, lastYearChangePct: 0.21, expected: true } } as Finding;
    expect(describeFinding(f, { currency: "EUR" })).toMatch(
      /Expected for the season: the same weeks last year moved \+21\.0%, which predicts €121,000\.00\.$/,
    );
  });

  it("splits a segment's drop into traffic and rate", () => {
    const f = {
      ...base,
      kind: "level_shift",
      metric: "conversions",
      dimension: "channel",
      dimensionValue: "Paid Search",
      current: 60,
      baseline: 100,
      change: -40,
      changePct: -0.4,
      direction: "down",
      mixRate: {
        volumeMetric: "sessions",
        volumeEffect: -10,
        rateEffect: -30,
        rateBefore: 0.03,
        rateAfter: 0.0225,
        volumeChangePct: -0.1,
      },
    } as unknown as Finding;
    expect(describeFinding(f, { currency: "EUR" })).toContain(
      "Of the drop, -10 conversions a day came from traffic (sessions -10.0%) and -30 a day from the rate (3.0% → 2.3%).",
    );
    // A part that rounds to nothing is said in words, never "+0 came from traffic".
    const rateOnly = {
      ...f,
      mixRate: {
        ...(f as unknown as { mixRate: object }).mixRate,
        volumeEffect: 0.3,
        rateEffect: -40.3,
        volumeChangePct: 0.001,
      },
    } as unknown as Finding;
    expect(describeFinding(rateOnly, { currency: "EUR" })).toContain(
      "Of the drop, almost nothing came from traffic (sessions +0.1%) and -40 conversions a day from the rate (3.0% → 2.3%).",
    );
    // A query's clicks: its impressions and its click-through rate.
    const query = {
      ...f,
      metric: "clicks",
      dimension: "query",
      dimensionValue: "buy sneakers",
      mixRate: {
        volumeMetric: "impressions",
        volumeEffect: 0.2,
        rateEffect: -36.2,
        rateBefore: 0.03,
        rateAfter: 0.015,
        volumeChangePct: 0.001,
      },
    } as unknown as Finding;
    const cost = {
      ...f,
      metric: "cost",
      dimension: "campaign",
      dimensionValue: "Generic - Search",
      direction: "up",
      change: 268,
      mixRate: {
        volumeMetric: "clicks",
        volumeEffect: 5.1,
        rateEffect: 262.9,
        rateBefore: 0.9,
        rateAfter: 1.41,
        volumeChangePct: 0.011,
      },
    } as unknown as Finding;
    expect(describeFinding(cost, { currency: "EUR" })).toContain(
      "Of the rise, +€5.10 a day came from clicks (clicks +1.1%) and +€262.90 a day from the cost per click (€0.90 per click → €1.41 per click).",
    );
    expect(describeFinding(query, { currency: "EUR" })).toContain(
      "Of the drop, almost nothing came from impressions (impressions +0.1%) and -36 clicks a day from the click-through rate (3.0% → 1.5%).",
    );
  });

  it("splits a segment's day of revenue into traffic, the conversion rate and the order value", () => {
    const day = {
      ...base,
      kind: "anomaly",
      metric: "revenue",
      dimension: "device",
      dimensionValue: "desktop",
      periodStart: "2026-11-12",
      periodEnd: "2026-11-12",
      current: 7173.93,
      baseline: 1792.91,
      change: 5381.02,
      changePct: 3,
      direction: "up",
      mixRate: {
        volumeMetric: "sessions",
        volumeEffect: -26.99,
        rateEffect: -448,
        rateBefore: 0.025,
        rateAfter: 0.019,
        volumeChangePct: -0.013,
        valueEffect: 5856.01,
        valueBefore: 63.27,
        valueAfter: 298.91,
      },
    } as unknown as Finding;
    expect(describeFinding(day, { currency: "EUR" })).toContain(
      " Of the rise, -€26.99 came from traffic (sessions -1.3%), -€448.00 from the conversion rate (2.5% → 1.9%) and +€5,856.01 from the order value (€63.27 per order → €298.91 per order).",
    );
  });

  it("says when a day's extra visits brought no more of the KPI than usual", () => {
    const day = {
      kind: "anomaly",
      metric: "sessions",
      dimension: "channel",
      dimensionValue: "Direct",
      periodStart: "2026-11-14",
      periodEnd: "2026-11-14",
      date: "2026-11-14",
      current: 935,
      baseline: 300,
      change: 635,
      changePct: 2.1,
      expectedLow: 260,
      expectedHigh: 337,
      confidence: 0.95,
      direction: "up",
      pValue: 1e-9,
      kpiEffect: 0,
      kpiMetric: "leads",
      idleTraffic: { metric: "leads", actual: 12, usual: 11.4 },
    } as unknown as Finding;
    const text = describeFinding(day, { currency: "EUR" });
    expect(text).toContain(
      " The extra sessions brought no more leads than usual: 12 leads that day against about 11 on that weekday, most likely visits that are not customers (bots, a crawler, a tracking error).",
    );
    expect(text).not.toContain("Estimated effect");
  });

  it("shows rates with the decimals their difference reads as", () => {
    // 1.151 % → 1.04 % read "1.2% to 1.0%, -0.1 pp"; with two decimals the three numbers agree.
    expect(percentDigitsApart(0.01151, 0.0104)).toBe(2);
    expect(percentDigitsApart(0.032, 0.021)).toBe(1);
    // Two rates shown without their difference need only show apart.
    expect(percentDigitsApart(0.03, 0.0225, false)).toBe(1);
  });

  it("names a campaign dimension's (direct) row as traffic without a campaign", () => {
    const direct = {
      ...base,
      kind: "driver",
      dimension: "campaign",
      dimensionValue: "(direct)",
      current: 4417.87,
      baseline: 4000,
      change: 417.87,
      shareOfChange: null,
    } as Finding;
    expect(describeFinding(direct, { currency: "USD" })).toMatch(
      /^Direct traffic \(no campaign\) contributed \+\$417\.87/,
    );
  });
});

describe("frozen tracking", () => {
  const frozen = {
    ...base,
    kind: "audit",
    check: "tracking_gaps",
    issue: "frozen_values",
    metric: "sessions",
    dimension: "channel",
    dimensionValue: "Organic Search",
    periodStart: "2026-01-02",
    periodEnd: "2026-01-09",
    current: 212,
    value: 212,
    baseline: null,
    change: null,
    changePct: null,
    direction: null,
    count: 8,
  } as unknown as Finding;

  it("says the same value every day, and that its days are left out", () => {
    expect(describeFinding(frozen, { currency: "USD" })).toBe(
      "Tracking looks frozen from Jan 2, 2026 to Jan 9, 2026: sessions for Channel “Organic Search” were the same 212 every day (8 days), which their day-to-day noise makes impossible; those days are left out of the other findings.",
    );
  });

  it("says none was recorded against the level before", () => {
    const none = { ...frozen, current: 0, value: 0, baseline: 5771.4, dimension: null, dimensionValue: null };
    expect(describeFinding(none as Finding, { currency: "USD" })).toBe(
      "Tracking looks broken from Jan 2, 2026 to Jan 9, 2026: sessions recorded none (8 days) against about 5,771 a day before, which their day-to-day noise makes impossible; those days are left out of the other findings.",
    );
  });
});

import { describe, expect, it } from "vitest";
import { addDays, dayOfWeek } from "@/lib/dates";
import { gaussian, mulberry32 } from "@/lib/seeded-random";
import { checkReport } from "./check-report";
import { reportDifferences } from "./properties/deterministic";
import { tableSeriesData, type TableRow } from "./table-series-data";
import type { CheckedInsight, CheckedReport, Property } from "./types";

// The checker on hand-made reports: each property flags the finding that breaks it and passes the one that keeps it.

const START = "2025-04-01";
const END = "2025-07-11";
const PERIOD_START = "2025-06-12";

/** Daily impressions: ~53,800 a day until Jul 2 and ~61,500 from Jul 3 (the Search Console export's shape). */
function rows(level: (date: string) => number, metric = "impressions"): TableRow[] {
  const z = gaussian(mulberry32(3));
  const out: TableRow[] = [];
  for (let d = START; d <= END; d = addDays(d, 1))
    out.push({ date: d, values: { [metric]: Math.round(level(d) * (1 + 0.04 * z())) } });
  return out;
}
const rising = rows((d) => (d < "2025-07-03" ? 53_800 : 61_500));

function report(findings: Record<string, unknown>[], extra: Partial<CheckedInsight> = {}): CheckedReport {
  return {
    periodStart: PERIOD_START,
    periodEnd: END,
    comparisonStart: "2025-05-13",
    comparisonEnd: "2025-06-11",
    currency: "USD",
    insights: [{ intentionKey: "impressions_trend", summary: "", findings, chart: null, ...extra }],
  };
}

const base = {
  metric: "impressions",
  dimension: null,
  dimensionValue: null,
  periodEnd: END,
  confidence: 0.95,
};

function shift(baseline: number, current: number, extra: Record<string, unknown> = {}) {
  return {
    ...base,
    kind: "level_shift",
    date: "2025-07-03",
    periodStart: "2025-07-03",
    baseline,
    current,
    change: current - baseline,
    changePct: (current - baseline) / baseline,
    direction: current > baseline ? "up" : "down",
    expectedLow: baseline * 0.93,
    expectedHigh: baseline * 1.07,
    ...extra,
  };
}

const properties = (r: CheckedReport, data = rising) => checkReport(r, tableSeriesData(data)).map((v) => v.property);

describe("direction and levels", () => {
  it("flags a fall the data does not show, and its levels", () => {
    const v = checkReport(report([shift(63_954, 55_294)]), tableSeriesData(rising));
    expect(v.map((x) => x.property).sort()).toEqual<Property[]>(["direction", "levels"]);
    expect(v[0].text).toMatch(/it says down .* but the data's mean is 5\d{4} from 2025-06-19 to 2025-07-02 and 6\d{4}/);
  });

  it("passes the rise as the data has it", () => {
    expect(properties(report([shift(53_800, 61_500)]))).toEqual([]);
  });

  it("flags a step whose level after is inside its own expected range: it did not move", () => {
    // "Users shifted 0.8 % down to about 88 a day" with the range of the days before at 84 to 93 (the real UA export).
    const flat = rows(() => 88, "users");
    const still = { ...shift(88.7, 88, { expectedLow: 84, expectedHigh: 93 }), metric: "users" };
    const v = checkReport(report([still]), tableSeriesData(flat));
    expect(v.map((x) => x.text)).toEqual([
      expect.stringMatching(
        /it says down \(88\.7 → 88\), but its level after is inside its own expected range 84 to 93/,
      ),
    ]);
  });

  it("reads the days before back to the previous change the report dates on the series", () => {
    const trend = {
      ...base,
      kind: "trend",
      date: "2025-06-24",
      periodStart: "2025-06-24",
      current: 0.08,
      baseline: -0.06,
    };
    const v = checkReport(report([trend, shift(63_954, 55_294)]), tableSeriesData(rising));
    expect(v.find((x) => x.property === "direction")?.text).toMatch(/from 2025-06-24 to 2025-07-02/);
  });

  it("lets a change told against its trend stand apart from the plain means", () => {
    const told = shift(63_954, 55_294, {
      narrative: "Impressions were about 55,294 a day from Jul 3, 2025, below the trend it had been on (about 63,954).",
    });
    expect(properties(report([told])).filter((p) => p !== "text")).toEqual([]);
  });

  it("checks a day's value and which side of its range it is on", () => {
    const day = {
      ...base,
      kind: "anomaly",
      date: "2025-07-07",
      periodStart: "2025-07-07",
      periodEnd: "2025-07-07",
      actual: 90_000,
      current: 90_000,
      expected: 55_000,
      baseline: 55_000,
      direction: "up",
      expectedLow: 44_000,
      expectedHigh: 67_000,
    };
    expect(properties(report([day])).sort()).toEqual(["direction", "levels"]);
  });
});

describe("expected ranges", () => {
  const change = {
    ...base,
    kind: "trend",
    date: "2025-06-17",
    periodStart: "2025-06-17",
    current: 0.087,
    baseline: -0.061,
    change: 0.148,
    direction: "up",
    valueUnit: "percent_per_week",
  };

  it("flags a growth-rate range of −89,180 % to −2,447 % a week", () => {
    const v = checkReport(report([{ ...change, expectedLow: -891.8, expectedHigh: -24.475 }]), tableSeriesData(rising));
    expect(v.filter((x) => x.property === "range").map((x) => x.text)).toEqual([
      expect.stringMatching(/does not contain its expected value -0\.061/),
      expect.stringMatching(/beyond what the data allows \(-0\.\d+ to 0\.\d+: the series ranges/),
    ]);
  });

  it("passes a range around the slope before, within what the data allows", () => {
    const v = checkReport(report([{ ...change, expectedLow: -0.1, expectedHigh: -0.02 }]), tableSeriesData(rising));
    expect(v.filter((x) => x.property === "range")).toEqual([]);
  });

  it("flags a range that is not finite, one below zero for a count, and one at another grain", () => {
    const at = (low: number, high: number) =>
      properties(report([shift(53_800, 61_500, { expectedLow: low, expectedHigh: high })]));
    expect(at(-Infinity, 60_000)).toContain("range");
    expect(at(-5_000, 100_000)).toContain("range");
    // A 30-day total's range on a day's level.
    expect(at(53_800 * 29, 53_800 * 31)).toContain("range");
    expect(at(50_000, 57_000)).toEqual([]);
  });
});

describe("the text's numbers", () => {
  const narrated = (narrative: string) => shift(53_800, 61_500, { narrative });

  it("passes numbers and dates that are the finding's fields, rounded as the text rounds them", () => {
    const text = "Impressions shifted from about 53,800 to 61,500 a day on Jul 3, 2025 (+14.3%, 95% confidence).";
    expect(properties(report([narrated(text)]))).toEqual([]);
  });

  it("flags a number and a date that are none of its fields, not a name in quotes", () => {
    const v = checkReport(
      report([narrated("Impressions for Page “/top-10-degrees” shifted to 61,500 on Jul 4, 2025, 3 days in a row.")]),
      tableSeriesData(rising),
    );
    expect(v.filter((x) => x.property === "text").map((x) => x.text)).toEqual([
      expect.stringMatching(/has “Jul 4, 2025”, “3”, not one of its fields/),
    ]);
  });

  it("reads the digits of a segment's own name unquoted as its name, and no other number", () => {
    const named = (text: string) => ({
      ...narrated(text),
      dimension: "campaign",
      dimensionValue: "Campaign 21",
    });
    const ok = report([named("Impressions from the Campaign 21 campaign shifted to 61,500 a day on Jul 3, 2025.")]);
    expect(properties(ok).filter((p) => p === "text")).toEqual([]);
    const wrong = report([named("Impressions from the Campaign 22 campaign shifted to 61,500 a day on Jul 3, 2025.")]);
    const texts = checkReport(wrong, tableSeriesData(rising)).filter((x) => x.property === "text");
    expect(texts.map((x) => x.text)).toEqual([expect.stringMatching(/has “22”, not one of its fields/)]);
  });

  it("reads percentage points as a fraction × 100", () => {
    const rate = { ...narrated("Click-through rate fell 0.23 pp."), change: -0.0023 };
    expect(properties(report([rate])).filter((p) => p === "text")).toEqual([]);
  });

  it("reads how many findings an insight holds as one of its numbers", () => {
    const r = report([shift(53_800, 61_500)], { summary: "1 level shift: impressions rose to 61,500 a day." });
    expect(checkReport(r, tableSeriesData(rising))).toEqual([]);
  });

  it("checks the insight's summary against all of its findings", () => {
    const r = report([shift(53_800, 61_500)], { summary: "Impressions rose to 61,500 a day, 1,234 more than usual." });
    expect(checkReport(r, tableSeriesData(rising)).map((x) => x.text)).toEqual([
      expect.stringMatching(/its summary has “1,234”/),
    ]);
  });
});

describe("drivers", () => {
  const chart = (other: number) => ({
    type: "contributions",
    metric: "impressions",
    unit: "count",
    dimension: "device",
    totalCurrent: 1_100,
    totalBaseline: 1_000,
    totalChange: 100,
    segments: [
      { value: "mobile", current: 700, baseline: 620, contribution: 80 },
      { value: "desktop", current: 380, baseline: 360, contribution: 20 },
    ],
    otherContribution: other,
  });
  const driver = (contribution: number) => ({
    ...base,
    kind: "driver",
    periodStart: PERIOD_START,
    dimension: "device",
    dimensionValue: "mobile",
    current: 700,
    baseline: 620,
    change: 80,
    contribution,
    direction: "up",
    expectedLow: null,
    expectedHigh: null,
  });

  it("passes contributions that sum to the change", () => {
    expect(properties(report([driver(80)], { chart: chart(0) }), [])).toEqual([]);
  });

  it("flags contributions that do not, and a driver that is not its chart's segment", () => {
    const v = checkReport(report([driver(75)], { chart: chart(15) }), tableSeriesData([]));
    expect(v.map((x) => x.text)).toEqual([
      expect.stringMatching(/device contributions sum to 115, but the change is 100/),
      expect.stringMatching(/its contribution 75 is not its chart segment's 80/),
    ]);
  });
});

describe("frozen runs", () => {
  const FROZEN_FROM = "2025-06-20";
  const FROZEN_TO = "2025-07-01";
  const frozen = (() => {
    const z = gaussian(mulberry32(5));
    const out: TableRow[] = [];
    for (let d = START; d <= END; d = addDays(d, 1)) {
      const weekly = dayOfWeek(d) === 0 || dayOfWeek(d) === 6 ? 0.7 : 1;
      const value = d >= FROZEN_FROM && d <= FROZEN_TO ? 212 : Math.round(300 * weekly + 17 * z());
      out.push({ date: d, values: { sessions: value } });
    }
    return out;
  })();
  const session = { ...base, metric: "sessions" };
  const anomaly = {
    ...session,
    kind: "anomaly",
    date: "2025-06-25",
    periodStart: "2025-06-25",
    periodEnd: "2025-06-25",
    actual: 212,
    current: 212,
    expected: 300,
    baseline: 300,
    direction: "down",
    expectedLow: 260,
    expectedHigh: 340,
  };
  const audit = {
    ...session,
    kind: "audit",
    periodStart: FROZEN_FROM,
    periodEnd: FROZEN_TO,
    direction: null,
    expectedLow: null,
    expectedHigh: null,
  };

  it("asks for a data-quality finding and no marketing finding inside the run", () => {
    const v = checkReport(report([anomaly]), tableSeriesData(frozen)).filter((x) => x.property === "frozen");
    expect(v.map((x) => x.text)).toEqual([
      expect.stringMatching(
        /sessions \(total\) is 212 every day from 2025-06-20 to 2025-07-01 \(12 days; .*no data-quality finding/,
      ),
      expect.stringMatching(
        /anomaly of sessions \(total\) on 2025-06-25: a marketing finding dated inside a frozen run/,
      ),
    ]);
  });

  it("passes a report that tells the run as data quality", () => {
    expect(checkReport(report([audit]), tableSeriesData(frozen)).filter((x) => x.property === "frozen")).toEqual([]);
  });

  it("passes a run of zeros to the data's end told as the series' stop, and flags an unusual day inside it", () => {
    const STOP = "2025-07-01";
    const stopped = frozen.map((r) => (r.date >= STOP ? { ...r, values: { sessions: 0 } } : r));
    const stop = {
      ...session,
      kind: "level_shift",
      date: STOP,
      periodStart: STOP,
      baseline: 300,
      current: 0,
      change: -300,
      changePct: -1,
      direction: "down",
      expectedLow: 290,
      expectedHigh: 310,
    };
    const inside = { ...anomaly, date: "2025-07-05", periodStart: "2025-07-05", periodEnd: "2025-07-05", actual: 0 };
    const check = (findings: Record<string, unknown>[]) =>
      checkReport(report(findings), tableSeriesData(stopped))
        .filter((x) => x.property === "frozen" && /2025-07-01 to 2025-07-11/.test(x.text))
        .map((x) => x.text);
    expect(check([stop])).toEqual([]);
    expect(check([stop, inside])).toEqual([expect.stringMatching(/anomaly .* on 2025-07-05: a marketing finding/)]);
  });

  // The engine's exceptions (ADR 0032), the checker's too: a campaign that served nothing (its cost none) recorded no
  // conversions because it was paused, and conversions at none while the visits fell by nine tenths are that fall.
  const GAP_FROM = "2025-06-20";
  const GAP_TO = "2025-07-01";
  const inGap = (d: string) => d >= GAP_FROM && d <= GAP_TO;
  const campaign = (values: (d: string, z: () => number) => Record<string, number>) => {
    const z = gaussian(mulberry32(7));
    const out: TableRow[] = [];
    for (let d = START; d <= END; d = addDays(d, 1)) out.push({ date: d, values: values(d, z) });
    return out;
  };
  const frozenOf = (table: TableRow[]) =>
    checkReport(report([]), tableSeriesData(table)).filter(
      (x) => x.property === "frozen" && x.text.startsWith("conversions"),
    );

  it("reads conversions at none while the ads served nothing as a pause, not as frozen tracking", () => {
    const paused = campaign((d, z) => ({
      conversions: inGap(d) ? 0 : Math.round(12 + 3 * z()),
      cost: inGap(d) ? 0 : Math.round(400 + 30 * z()),
    }));
    expect(frozenOf(paused)).toEqual([]);
    // The same run of none while the ads kept spending is frozen tracking.
    const spending = paused.map((r) => ({ ...r, values: { ...r.values, cost: 400 } }));
    expect(frozenOf(spending).map((x) => x.text)).toEqual([
      expect.stringMatching(/^conversions \(total\) is 0 every day from 2025-06-20 to 2025-07-01/),
    ]);
  });

  it("reads conversions at none while the visits fell as that fall, judged at the level scaled by it", () => {
    const fell = campaign((d, z) => ({
      conversions: inGap(d) ? 0 : Math.max(0, Math.round(2 + z())),
      sessions: Math.round((inGap(d) ? 30 : 300) * (1 + 0.05 * z())),
    }));
    expect(frozenOf(fell)).toEqual([]);
    // Visits that held: about 2 conversions a day, none for 12 days, is no chance.
    const held = fell.map((r) => ({ ...r, values: { ...r.values, sessions: 300 } }));
    expect(frozenOf(held)).toHaveLength(1);
  });

  it("leaves alone a small count that is often the same", () => {
    const small = frozen.map((r, i) => ({ ...r, values: { sessions: i % 9 === 0 ? 1 : 0 } }));
    expect(checkReport(report([]), tableSeriesData(small)).filter((x) => x.property === "frozen")).toEqual([]);
  });
});

describe("deterministic", () => {
  it("finds no difference between a report and itself, and names the first one otherwise", () => {
    const a = report([shift(53_800, 61_500)]);
    expect(reportDifferences(a, report([shift(53_800, 61_500)]), "rows reversed")).toEqual([]);
    const v = reportDifferences(a, report([shift(53_800, 61_600)]), "rows reversed");
    expect(v).toHaveLength(1);
    expect(v[0].text).toMatch(/^rows reversed: insight impressions_trend differs at/);
  });
});

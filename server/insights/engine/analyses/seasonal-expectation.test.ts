import { describe, expect, it } from "vitest";
import { SourceDays } from "../../data/source-days";
import { PART_INDEX, PARTS, type PartValues } from "../../data/parts";
import { ProjectData, sourceDaily } from "../../data/project-data";
import { reportWindow } from "../../data/window";
import { periodChange } from "../../detectors/period-change";
import { addDays, dayOfWeek } from "@/lib/dates";
import { gaussian, mulberry32 } from "@/lib/seeded-random";
import type { SeasonPrediction } from "../../stats/season-prediction";
import { runEngine } from "../run-engine";
import type { EngineContext } from "../types";
import { seasonalExpectation } from "./seasonal-expectation";

const WEEKLY = [0.7, 1.1, 1.15, 1.1, 1.05, 1.0, 0.75];

/** Sessions with a weekly pattern, 20 % higher from each 2 March, and `thisYear` × more in March 2026. */
function context(thisYear: number): EngineContext {
  const window = reportWindow("2026-03-02", "2026-03-31", "previous_period");
  const days = new Map<string, PartValues>();
  for (let date = "2024-12-01"; date <= "2026-03-31"; date = addDays(date, 1)) {
    const v: PartValues = PARTS.map(() => null);
    const march = date.slice(5, 7) === "03" && date.slice(8) !== "01";
    const wobble = 1 + 0.03 * Math.sin(Number(date.slice(8)) * 1.3);
    v[PART_INDEX.sessions] = Math.round(
      1000 * WEEKLY[dayOfWeek(date)] * wobble * (march ? 1.2 : 1) * (march && date >= "2026" ? thisYear : 1),
    );
    days.set(date, v);
  }
  const data = new ProjectData(window, [{ sourceId: "a", days }], [], []);
  return { data, rawData: data, window, excludedDays: SourceDays.none, kpi: null } as unknown as EngineContext;
}

function change(ctx: EngineContext) {
  const w = ctx.window;
  return periodChange(
    ctx.data.series("sessions", w.periodStart, w.periodEnd),
    ctx.data.series("sessions", w.comparisonStart, w.comparisonEnd),
    { metric: "sessions", periodStart: w.periodStart, periodEnd: w.periodEnd },
  );
}

describe("seasonalExpectation", () => {
  it("labels a rise the same weeks showed last year as expected", () => {
    const ctx = context(1);
    const c = change(ctx);
    expect(c.significant).toBe(true);
    const season = seasonalExpectation(ctx, "sessions", c)!;
    expect(season.lastYearChangePct).toBeGreaterThan(0.15);
    expect(season.expected).toBe(true);
  });

  it("keeps a rise well beyond the season as news", () => {
    const ctx = context(1.3);
    const season = seasonalExpectation(ctx, "sessions", change(ctx))!;
    expect(season.expected).toBe(false);
    expect(change(ctx).current - season.expectedCurrent).toBeGreaterThan(0);
  });

  it("says nothing without last year's days", () => {
    const ctx = context(1);
    const short = new ProjectData(
      ctx.window,
      [{ sourceId: "a", days: new Map([...ctx.data.sources[0].days].filter(([d]) => d >= "2025-06-01")) }],
      [],
      [],
    );
    expect(seasonalExpectation({ ...ctx, data: short }, "sessions", change(ctx))).toBeNull();
  });
});

describe("a period's change beyond the season, in a report", () => {
  /** A report on sessions with the same season each March and noise, this year's March `thisYear` × last year's. */
  function report(thisYear: number) {
    const z = gaussian(mulberry32(5));
    const window = reportWindow("2026-03-02", "2026-03-31", "previous_period");
    const days = new Map<string, PartValues>();
    for (let date = "2024-12-01"; date <= "2026-03-31"; date = addDays(date, 1)) {
      const v: PartValues = PARTS.map(() => null);
      const march = date.slice(5, 7) === "03" && date.slice(8) !== "01";
      const mean = 1000 * WEEKLY[dayOfWeek(date)] * (march ? 1.2 : 1) * (march && date >= "2026" ? thisYear : 1);
      v[PART_INDEX.sessions] = Math.round(mean + 1.5 * Math.sqrt(mean) * z());
      days.set(date, v);
    }
    const data = new ProjectData(window, [sourceDaily("a", days)], [], []);
    const segmentDaily = { from: window.periodStart, to: window.periodEnd, series: [] };
    const project = { siteType: "content" as const, url: null, currency: "USD" };
    const insight = runEngine({ data, segmentDaily, window, project }).insights.find(
      (i) => i.intentionKey === "sessions_change",
    )!;
    return { insight, finding: insight.findings[0] as unknown as { pValue: number; season: SeasonPrediction } };
  }

  it("reads it as expected when the part beyond the season does not pass the report's bar", () => {
    // March 4 % above last year's season: beyond its 95 % interval (p = 0.026), far short of the report's bar.
    const { insight, finding } = report(1.04);
    expect(finding.pValue).toBeLessThan(1e-10);
    expect(finding.season.pValue).toBeGreaterThan(0.01);
    expect(finding.season.pValue).toBeLessThan(0.05);
    expect(finding.season.expected).toBe(true);
    expect(insight.summary).toContain("Expected for the season: the same weeks last year moved +22.3%");
    expect(insight.impact).toBe(0);
  });

  it("keeps it as news when the part beyond the season passes the bar", () => {
    const { insight, finding } = report(1.12);
    expect(finding.season.expected).toBe(false);
    expect(insight.summary).toContain("The season alone predicts 35,169");
    expect(insight.impact).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import { PART_INDEX, PARTS, type PartKey, type PartValues } from "../data/parts";
import { ProjectData, type SegmentRow } from "../data/project-data";
import { reportWindow } from "../data/window";
import { breakdownKpiEffect, kpiEffectOf } from "./impact";
import type { EngineContext } from "./types";

// A change in another metric is carried into the KPI at the comparison period's KPI per unit of
// that metric; a search or ad click is a visit, so clicks (and impressions, through the
// click-through rate) go through the sessions they bring, not the whole site's KPI per click.

const window = reportWindow("2026-10-27", "2026-11-25", "previous_period");

function source(sourceId: string, daily: Partial<Record<PartKey, number>>) {
  const days = new Map<string, PartValues>();
  for (let d = window.historyStart; d <= window.periodEnd; d = addDays(d, 1)) {
    const values: PartValues = PARTS.map(() => null);
    for (const [part, value] of Object.entries(daily)) values[PART_INDEX[part as PartKey]] = value;
    days.set(d, values);
  }
  return { sourceId, days };
}

/** A site of 1,000 sessions a day (600 engaged) and a search source of 100 clicks from 2,000 impressions. */
function context(kpiMetric: string, withSite = true): EngineContext {
  const sources = [source("00000000-0000-4000-8000-00000000005c", { clicks: 100, impressions: 2_000 })];
  if (withSite) sources.push(source("00000000-0000-4000-8000-000000000a4a", { sessions: 1_000, engagedSessions: 600 }));
  const data = new ProjectData(window, sources, [], []);
  const reference = data.periodTotals(kpiMetric).baseline!;
  return { data, rawData: data, window, kpi: { metric: kpiMetric, reference } } as unknown as EngineContext;
}

describe("kpiEffectOf", () => {
  it("carries lost search clicks into the KPI at the KPI per session", () => {
    // 300 clicks are 300 visits, 60 % of them engaged: −180, not −300 × 18,000 / 3,000 = −1,800.
    expect(kpiEffectOf(context("engagedSessions"), "clicks", -300).kpiEffect).toBeCloseTo(-180, 6);
  });

  it("carries impressions through the click-through rate", () => {
    // 2,000 impressions at 5 % are 100 visits: −60 engaged sessions.
    expect(kpiEffectOf(context("engagedSessions"), "impressions", -2_000).kpiEffect).toBeCloseTo(-60, 6);
  });

  it("gives a change further down the funnel than the KPI no effect on it, only its relative weight", () => {
    // Fewer clicks leave a reach KPI's impressions as they were (not 300 × 20 impressions per click = −6,000).
    for (const withSite of [true, false]) {
      const effect = kpiEffectOf(context("impressions", withSite), "clicks", -300);
      expect(effect.kpiEffect).toBe(0);
      expect(effect.indirectEffect).toBeCloseTo(0.25 * (300 / (100 * 30)), 6);
    }
    // Nor do engaged sessions lost take visits away; a click-through rate's change is its clicks'.
    expect(kpiEffectOf(context("sessions"), "engagedSessions", -600).kpiEffect).toBe(0);
    expect(kpiEffectOf(context("impressions"), "ctr", -0.01).kpiEffect).toBe(0);
  });

  it("carries sessions at the KPI per session", () => {
    expect(kpiEffectOf(context("engagedSessions"), "sessions", -1_000).kpiEffect).toBeCloseTo(-600, 6);
  });
});

describe("a segment's change at its own KPI per unit", () => {
  // Leads at 3.5 % of the site's sessions, but Display converts at 0.4 %: 150 sessions and 0.6 leads a day of 1,650
  // sessions and 58.1 leads. Each period's segment totals are 30 days of those.
  const site = "00000000-0000-4000-8000-0000000000b1";
  const days = 30;
  const row = (value: string, current: boolean, sessions: number, leads: number): SegmentRow => {
    const values: PartValues = PARTS.map(() => null);
    values[PART_INDEX.sessions] = sessions * days;
    values[PART_INDEX.leads] = leads * days;
    return { sourceId: site, dimension: "channel", value, current, combos: 1, values };
  };
  function mixContext(): EngineContext {
    const rows = [true, false].flatMap((current) => [
      row("Display", current, 150, 0.6),
      row("Search", current, 1500, 57.5),
    ]);
    const data = new ProjectData(window, [source(site, { sessions: 1_650, leads: 58.1 })], rows, ["channel"]);
    const reference = data.periodTotals("leads").baseline!;
    return { data, rawData: data, window, kpi: { metric: "leads", reference } } as unknown as EngineContext;
  }
  const display = { sourceId: site, dimension: "channel", value: "Display" };

  it("carries a channel's extra sessions at its own lead rate, not the site's", () => {
    const ctx = mixContext();
    // 13,000 sessions at 0.4 %: 52 leads, not 13,000 × 3.5 % = 458.
    expect(kpiEffectOf(ctx, "sessions", 13_000, null, null, display).kpiEffect).toBeCloseTo(52, 6);
    expect(kpiEffectOf(ctx, "sessions", 13_000).kpiEffect).toBeCloseTo((13_000 * 58.1) / 1_650, 6);
    // A value the breakdown does not hold falls back to the site's rate.
    const other = { ...display, value: "Email" };
    expect(kpiEffectOf(ctx, "sessions", 1_000, null, null, other).kpiEffect).toBeCloseTo((1_000 * 58.1) / 1_650, 6);
  });

  it("sums a breakdown's contributions at each segment's rate, scaled to the part of the change counted", () => {
    const ctx = mixContext();
    const parts = [
      { segment: display, change: 13_000 },
      { segment: { ...display, value: "Search" }, change: -1_000 },
    ];
    // 13,000 × 0.004 − 1,000 × 0.0383 = 13.67 leads.
    const whole = 13_000 * 0.004 - (1_000 * 57.5) / 1_500;
    expect(breakdownKpiEffect(ctx, "sessions", 12_000, 12_000, parts).kpiEffect).toBeCloseTo(whole, 6);
    // Half of the change (the part the season did not predict): half of it.
    expect(breakdownKpiEffect(ctx, "sessions", 6_000, 12_000, parts).kpiEffect).toBeCloseTo(whole / 2, 6);
    // The KPI's own change is itself.
    expect(breakdownKpiEffect(ctx, "leads", 40, 40, parts).kpiEffect).toBe(40);
  });
});

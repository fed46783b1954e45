import { describe, expect, it } from "vitest";
import { ProjectData } from "../data/project-data";
import { generateProject } from "../synthetic/generate-project";
import { eventFound, significantFindings } from "../synthetic/score";
import { runEngine } from "./run-engine";

// The engine is a pure function of loaded data: these run it on generated projects (one planted
// event each, and its noise twin) without a database.

describe("runEngine on generated projects", () => {
  it("reports at most one significant finding on pure noise with weekly seasonality", () => {
    for (const seed of [3, 8, 12, 17]) {
      const report = runEngine(generateProject(seed, false).input);
      expect(significantFindings(report).length).toBeLessThanOrEqual(1);
      expect(report.tests).toBeGreaterThan(100);
    }
  });

  it("finds a level shift confined to one channel, with its date, levels and effect size", () => {
    const { input, event } = generateProject(7, true); // Paid Search, down, 6.1 SD
    expect(event!.kind).toBe("level_shift");
    const report = runEngine(input);
    expect(eventFound(report, event!)).toBe(true);
    const lead = report.insights[0];
    expect(lead.intentionKey).toBe("segment_level_shifts");
    const shift = lead.findings[0] as unknown as {
      dimensionValue: string;
      baseline: number;
      current: number;
      effectSize: number;
    };
    expect(shift.dimensionValue).toBe(event!.value);
    expect(shift.current).toBeLessThan(shift.baseline);
    expect(Math.abs(shift.effectSize)).toBeGreaterThan(3);
    expect(lead.summary).toMatch(/Estimated effect over the period: -€[\d,.]+ revenue/);
    // Its chart: that channel's series over the watched days, with the expected range and the shift marked.
    const chart = lead.chart as {
      type: string;
      dimensionValue: string;
      points: { date: string; low: number | null; high: number | null }[];
      marks: { date: string; kind: string }[];
    };
    expect(chart).toMatchObject({ type: "series", dimension: "channel", dimensionValue: event!.value });
    expect(chart.points.at(-1)!.date).toBe(input.window.periodEnd);
    expect(chart.points.some((p) => p.low !== null && p.high !== null)).toBe(true);
    expect(chart.marks).toContainEqual({
      date: (lead.findings[0] as unknown as { date: string }).date,
      kind: "level_shift",
    });
  });

  it("turns a tracking gap into one data quality finding and excludes its days from every other detector", () => {
    const { input, event } = generateProject(4, true);
    expect(event!.kind).toBe("tracking_gap");
    const report = runEngine(input);
    expect(report.excludedDays).toContain(event!.date);
    expect(report.insights.find((i) => i.intentionKey === "tracking_gaps")!.findings.length).toBe(1);
    expect(significantFindings(report).length).toBeLessThanOrEqual(1);
  });

  it("honours the primary KPI setting and falls back to the site type's default", () => {
    const { input } = generateProject(7, true);
    expect(runEngine(input).kpi).toBe("revenue");
    expect(runEngine({ ...input, project: { ...input.project, primaryKpi: "conversions" } }).kpi).toBe("conversions");
    expect(runEngine({ ...input, project: { ...input.project, primaryKpi: "leads" } }).kpi).toBe("revenue");
  });

  it("says which detectors it skipped for too little history, and which need advertising data", () => {
    const { input } = generateProject(2, false);
    const w = input.window;
    const short = input.data.sources.map((s) => ({
      sourceId: s.sourceId,
      days: new Map([...s.days].filter(([d]) => d >= w.comparisonStart)),
    }));
    const report = runEngine({
      ...input,
      data: new ProjectData(w, short, [], []),
      segmentDaily: { ...input.segmentDaily, series: [] },
    });
    const reasons = new Map(report.skipped.map((s) => [s.intentionKey, s.reason]));
    expect(reasons.get("sessions_anomalies")).toMatch(/needs 49 days of data before the period.*has 30/);
    expect(reasons.get("roas_by_campaign")).toMatch(/needs advertising data/);
  });
});

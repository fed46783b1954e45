import { describe, expect, it } from "vitest";
import { SourceDays } from "../../data/source-days";
import type { Intention } from "@/lib/insights/intentions";
import { PART_INDEX, PARTS, type PartValues } from "../../data/parts";
import { ProjectData } from "../../data/project-data";
import { reportWindow } from "../../data/window";
import type { FunnelStepFinding } from "../../detectors/funnel";
import { addDays } from "@/lib/dates";
import type { EngineContext } from "../types";
import { runFunnel } from "./funnel";

function source(parts: Partial<Record<keyof typeof PART_INDEX, (date: string, current: boolean) => number>>) {
  const days = new Map<string, PartValues>();
  for (let date = "2026-01-01"; date <= "2026-03-31"; date = addDays(date, 1)) {
    const v: PartValues = PARTS.map(() => null);
    for (const [part, f] of Object.entries(parts))
      v[PART_INDEX[part as keyof typeof PART_INDEX]] = f(date, date >= "2026-03-02");
    days.set(date, v);
  }
  return days;
}

/** The funnel's steps ("from→to") over these sources, for a March report against February. */
function funnelSteps(
  sources: { sourceId: string; days: Map<string, PartValues> }[],
  steps: string[],
  sameCount: EngineContext["sameCount"] = null,
) {
  const window = reportWindow("2026-03-02", "2026-03-31", "previous_period");
  const data = new ProjectData(window, sources, [], []);
  const ctx = {
    data,
    rawData: data,
    window,
    excludedDays: SourceDays.none,
    kpi: null,
    sameCount,
  } as unknown as EngineContext;
  const outcome = runFunnel(ctx, { key: "funnel" } as Intention, steps);
  const findings = outcome.findings as FunnelStepFinding[];
  const stages = (outcome.chart as { steps: { metric: string }[] }).steps.map((s) => s.metric);
  return { findings, steps: findings.map((f) => `${f.fromMetric}→${f.metric}`), stages };
}

describe("runFunnel", () => {
  it("chains steps only within one source: search clicks to analytics sessions is no conversion rate", () => {
    // Search clicks halve while sessions (from every channel) hold: clicks → sessions would read
    // as a "conversion" of 500 % rising to 1,000 %.
    const ads = source({ impressions: () => 20_000, clicks: (_, cur) => (cur ? 100 : 200) });
    const web = source({ sessions: () => 1_000, conversions: (_, cur) => (cur ? 20 : 40) });
    const { steps, findings } = funnelSteps(
      [
        { sourceId: "ads", days: ads },
        { sourceId: "web", days: web },
      ],
      ["impressions", "clicks", "sessions", "conversions"],
    );
    expect(steps).toContain("impressions→clicks");
    expect(steps).toContain("sessions→conversions");
    expect(steps).not.toContain("clicks→sessions");
    for (const f of findings) expect(f.current ?? 0).toBeLessThanOrEqual(1);
  });

  it("splits where a step's later stage outgrows the earlier: an export's sessions from every channel after the ads' clicks", () => {
    // One analytics export with the ads' columns on its paid rows: clicks fall by half, sessions (from every
    // channel) hold at 1,000 a day, so "sessions per click" rises from 5 to 10.
    const web = source({
      impressions: () => 20_000,
      clicks: (_, cur) => (cur ? 100 : 200),
      sessions: () => 1_000,
      engagedSessions: () => 600,
      conversions: (_, cur) => (cur ? 20 : 40),
    });
    const { steps } = funnelSteps(
      [{ sourceId: "web", days: web }],
      ["impressions", "clicks", "sessions", "engagedSessions", "conversions"],
    );
    expect(steps).toEqual(["impressions→clicks", "engagedSessions→conversions"]);
  });

  it("has one stage for conversions that are the transactions under another name", () => {
    const orders = (_: string, cur: boolean) => (cur ? 20 : 40);
    const web = source({ sessions: () => 1_000, conversions: orders, transactions: orders });
    const steps = ["sessions", "conversions", "transactions"];
    const same = { alias: "conversions", canonical: "transactions" } as const;
    expect(funnelSteps([{ sourceId: "web", days: web }], steps, same)).toMatchObject({
      stages: ["sessions", "transactions"],
      steps: ["sessions→transactions"],
    });
    expect(funnelSteps([{ sourceId: "web", days: web }], steps).stages).toEqual(steps);
  });

  it("keeps a step that converts more than once per visit: conversions per session", () => {
    const web = source({ sessions: () => 1_000, conversions: (_, cur) => (cur ? 1_600 : 1_200) });
    expect(funnelSteps([{ sourceId: "web", days: web }], ["sessions", "conversions"]).steps).toEqual([
      "sessions→conversions",
    ]);
  });
});

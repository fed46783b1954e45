import { describe, expect, it } from "vitest";
import { SourceDays } from "../data/source-days";
import { PART_INDEX, PARTS, type PartValues } from "../data/parts";
import { ProjectData } from "../data/project-data";
import { reportWindow } from "../data/window";
import { addDays, dayNumber, dayOfWeek } from "@/lib/dates";
import { gaussian, mulberry32 } from "@/lib/seeded-random";
import type { Finding } from "../types";
import { effectShare } from "./effect-share";
import { runEngine } from "./run-engine";
import { labelSeasonalFindings } from "./seasonal-label";
import type { EngineContext, IntentionOutcome } from "./types";

// A yearly wave (±15 %, as the report bench's data has) read over 90 days bends the total's trend
// at the same dates every year: with last year's days in the data, those bends are the season.

const WEEKLY = [0.7, 1.05, 1.05, 1.05, 1.05, 1.05, 0.75];
const END = "2026-11-22";

function input(waveLastYear: boolean) {
  const window = reportWindow(addDays(END, -89), END, "previous_period");
  const noise = gaussian(mulberry32(7));
  const days = new Map<string, PartValues>();
  const start = addDays(END, -729);
  for (let date = start; date <= END; date = addDays(date, 1)) {
    const doy = dayNumber(date) - dayNumber(`${date.slice(0, 4)}-01-01`);
    const wave = waveLastYear || date > addDays(END, -364) ? 0.15 * Math.sin((2 * Math.PI * doy) / 365.25) : 0;
    const v: PartValues = PARTS.map(() => null);
    v[PART_INDEX.sessions] = Math.round(20_000 * (1 + wave) * WEEKLY[dayOfWeek(date)] * (1 + 0.01 * noise()));
    days.set(date, v);
  }
  const data = new ProjectData(window, [{ sourceId: "a", days }], [], []);
  return {
    data,
    segmentDaily: { from: window.periodStart, to: END, series: [] },
    window,
    project: { siteType: "content" as const, url: null, currency: "EUR" },
  };
}

type Labelled = Finding & { date?: string; season?: { expected: boolean } };
const trendFindings = (report: ReturnType<typeof runEngine>) =>
  report.insights.filter((i) => i.intentionKey === "sessions_trend").flatMap((i) => i.findings as Labelled[]);

describe("seasonal labels of trends", () => {
  it("labels the bends a yearly wave puts in a 90-day trend as expected when last year bent the same way", () => {
    const report = runEngine(input(true));
    const trends = trendFindings(report);
    expect(trends.some((f) => f.kind === "trend" && f.date)).toBe(true);
    expect(trends.every((f) => f.season?.expected)).toBe(true);
    const insight = report.insights.find((i) => i.intentionKey === "sessions_trend")!;
    expect(insight.impact).toBe(0);
    expect(insight.summary).toContain("Expected for the season");
    // Every seasonal sentence quotes real numbers (a driver's period change too).
    for (const i of report.insights) expect(i.summary).not.toMatch(/NaN/);
  });

  it("keeps them as news when last year had no such wave", () => {
    const trends = trendFindings(runEngine(input(false)));
    const dated = trends.filter((f) => f.kind === "trend" && f.date);
    expect(dated.length).toBeGreaterThan(0);
    expect(dated.some((f) => f.season?.expected)).toBe(false);
  });

  it("takes back from an outcome's effect the share of the findings the season predicts", () => {
    const finding = (kind: string, expected: boolean) =>
      ({
        kind,
        metric: "sessions",
        pValue: 0.001,
        ...(expected ? { season: { expected: true, lastYearChangePct: 0.1 } } : {}),
      }) as unknown as Finding;
    const seasonal = finding("trend", true);
    const news = finding("funnel", false); // not a kind the season judges
    effectShare.set(seasonal, 0.7);
    effectShare.set(news, 0.3);
    const outcome = {
      intention: { stage: "acquisition" },
      findings: [seasonal, news],
      kpiEffect: 100,
      indirectEffect: 0.2,
    } as unknown as IntentionOutcome;
    labelSeasonalFindings({} as EngineContext, [outcome]);
    expect(outcome.kpiEffect).toBeCloseTo(30, 9);
    expect(outcome.indirectEffect).toBeCloseTo(0.06, 9);
  });
});

describe("seasonal labels of unusual days", () => {
  // A season set by the calendar (a sale from November 15 to December 15, +40 %), two years running: last year's
  // same weekday (364 days back) is a day off its edges, last year's same date is not.
  function calendarSeason() {
    const end = "2025-12-15";
    const window = reportWindow("2025-11-16", end, "previous_period");
    const noise = gaussian(mulberry32(11));
    const days = new Map<string, PartValues>();
    for (let date = addDays(end, -760); date <= end; date = addDays(date, 1)) {
      const md = date.slice(5);
      const season = md >= "11-15" && md <= "12-15" ? 1.4 : 1;
      const v: PartValues = PARTS.map(() => null);
      v[PART_INDEX.sessions] = Math.round(3_000 * season * WEEKLY[dayOfWeek(date)] * (1 + 0.02 * noise()));
      days.set(date, v);
    }
    return {
      data: new ProjectData(window, [{ sourceId: "a", days }], [], []),
      segmentDaily: { from: window.periodStart, to: end, series: [] },
      window,
      project: { siteType: "content" as const, url: null, currency: "EUR" },
    };
  }

  it("labels the days a week into a calendar season as expected, by the same date last year", () => {
    const report = runEngine(calendarSeason());
    const days = report.insights
      .filter((i) => i.intentionKey === "sessions_anomalies")
      .flatMap((i) => i.findings as Labelled[]);
    const labelled = new Set(days.filter((f) => f.season?.expected).map((f) => f.date));
    // The season's first week, and the Friday after it: 364 days back, last year's four Fridays before it already
    // held the season's first day, so only the same date last year shows the move.
    for (const date of ["2025-11-16", "2025-11-17", "2025-11-18", "2025-11-21"]) expect(labelled).toContain(date);
    // Left: the season's last day, which the forecast itself expects to have ended (its year is 364 days).
  });

  // A small site (about 40 sessions a day, its days wandering by 15 %) whose one day this year is 1.8 times its usual;
  // the same day a year earlier (364 days back and on its date) at `lastYear` times its usual.
  function smallSiteDay(lastYear: number) {
    const end = "2026-10-31";
    const day = "2026-10-26";
    const window = reportWindow("2026-10-02", end, "previous_period");
    const noise = gaussian(mulberry32(5));
    const days = new Map<string, PartValues>();
    for (let date = addDays(end, -420); date <= end; date = addDays(date, 1)) {
      const usual = 40 * WEEKLY[dayOfWeek(date)];
      const factor = date === day ? 1.8 : date === addDays(day, -364) || date === "2025-10-26" ? lastYear : 1;
      const v: PartValues = PARTS.map(() => null);
      v[PART_INDEX.sessions] = Math.max(0, Math.round(usual * factor * (1 + 0.15 * noise())));
      days.set(date, v);
    }
    const report = runEngine({
      data: new ProjectData(window, [{ sourceId: "a", days }], [], []),
      segmentDaily: { from: window.periodStart, to: end, series: [] },
      window,
      project: { siteType: "content" as const, url: null, currency: "EUR" },
    });
    return report.insights
      .filter((i) => i.intentionKey === "sessions_anomalies")
      .flatMap((i) => i.findings as Labelled[])
      .find((f) => f.date === day);
  }

  it("keeps a day as news when last year's same day moved no more than a small site's days wander", () => {
    const found = smallSiteDay(1.35); // 2 of the wander's σ: what chance gives one day in 40
    expect(found).toMatchObject({ direction: "up" });
    expect(found!.season).toBeUndefined();
  });

  it("labels the day expected when last year's same day stood out of that wander as much", () => {
    expect(smallSiteDay(1.8)!.season).toMatchObject({ expected: true });
  });
});

/** One source's sessions over the window's history: `level` a day times its weekday, with relative noise. */
function sessionsData(
  window: ReturnType<typeof reportWindow>,
  level: (date: string) => number,
  noise: number,
  seed: number,
) {
  const z = gaussian(mulberry32(seed));
  const days = new Map<string, PartValues>();
  for (let date = window.historyStart; date <= window.periodEnd; date = addDays(date, 1)) {
    const v: PartValues = PARTS.map(() => null);
    v[PART_INDEX.sessions] = Math.round(level(date) * WEEKLY[dayOfWeek(date)] * (1 + noise * z()));
    days.set(date, v);
  }
  return new ProjectData(window, [{ sourceId: "a", days }], [], []);
}

/** `finding` labelled as the report labels its outcome's findings, on `data`. */
function labelled(data: ProjectData, window: ReturnType<typeof reportWindow>, finding: Labelled) {
  const ctx = { data, rawData: data, window, excludedDays: SourceDays.none } as unknown as EngineContext;
  const outcome = { intention: { stage: "acquisition" }, findings: [finding], kpiEffect: 5, indirectEffect: 0 };
  labelSeasonalFindings(ctx, [outcome as unknown as IntentionOutcome]);
  return { finding, outcome };
}

describe("seasonal labels of a segment's small level shift", () => {
  // The site's sessions step up 6 % on the same date every year (364 days apart); this year one channel's sessions
  // shift by `changePct` on that date (their day-to-day noise is 5 %): too small a move for the season's 10 % bar,
  // judged within the segment's own noise instead, against the site's move a year back.
  const DATE = "2026-11-09";
  function shiftOf(changePct: number, stepLastYear: boolean) {
    const window = reportWindow("2026-10-29", "2026-11-27", "previous_period");
    const stepped = (date: string) =>
      date >= DATE || (stepLastYear && date >= addDays(DATE, -364) && date < addDays(DATE, -364 + 60));
    const data = sessionsData(window, (date) => 20_000 * (stepped(date) ? 1.06 : 1), 0.005, 3);
    const baseline = 790;
    const change = (baseline * changePct) / 100;
    const finding = {
      kind: "level_shift",
      metric: "sessions",
      dimension: "channel",
      value: "Affiliates",
      date: DATE,
      baseline,
      current: baseline + change,
      change,
      // The channel's daily noise is 5 % of its level: a 9 % shift is 1.8 times it.
      effectSize: changePct / 5,
      pValue: 1e-6,
    } as unknown as Labelled;
    return labelled(data, window, finding);
  }

  it("labels a rise the site's total also made on that date last year as expected", () => {
    const { finding, outcome } = shiftOf(9, true);
    expect(finding.season).toMatchObject({ expected: true, sameCourse: true });
    expect(outcome.kpiEffect).toBe(0);
  });

  it("keeps it as news when last year's total did not move, or when it moves the other way", () => {
    expect(shiftOf(9, false).finding.season).toBeUndefined();
    expect(shiftOf(-9, true).finding.season).toBeUndefined();
  });

  it("keeps a rise far beyond last year's within the segment's noise as news", () => {
    expect(shiftOf(30, true).finding.season).toBeUndefined();
  });
});

describe("seasonal labels of a stretch", () => {
  // The site's sessions stand 4 % above their level for four weeks and a half, this year from `FROM` and, where asked,
  // on the same days a year earlier (364 days back): a yearly wave's crest, which the level shift scan reads as a
  // level that came back. Its day-to-day noise is 2.6 % (a Poisson count of 1,500 a day).
  const FROM = "2026-10-04";
  const UNTIL = "2026-11-03";
  function stretchOf(liftPct: number, liftLastYear: boolean) {
    const window = reportWindow("2026-10-22", "2026-11-20", "previous_period");
    const lifted = (date: string) =>
      (date >= FROM && date <= UNTIL) || (liftLastYear && date >= addDays(FROM, -364) && date <= addDays(UNTIL, -364));
    const data = sessionsData(window, (date) => 1_500 * (lifted(date) ? 1.04 : 1), 0.026, 5);
    const baseline = 1_456;
    const change = (baseline * liftPct) / 100;
    const finding = {
      kind: "level_shift",
      metric: "sessions",
      dimension: null,
      value: null,
      date: FROM,
      until: UNTIL,
      baseline,
      current: baseline + change,
      backTo: baseline,
      change,
      // The noise is 2.6 % of the level.
      effectSize: liftPct / 2.6,
      pValue: 1e-7,
    } as unknown as Labelled;
    return labelled(data, window, finding).finding;
  }

  it("labels it expected when the same weeks a year earlier stood as high above the weeks around them", () => {
    expect(stretchOf(4, true).season).toMatchObject({ expected: true, sameCourse: true });
  });

  it("keeps it as news when they did not, or when this year's stood far higher", () => {
    expect(stretchOf(4, false).season).toBeUndefined();
    expect(stretchOf(15, true).season).toBeUndefined();
  });
});

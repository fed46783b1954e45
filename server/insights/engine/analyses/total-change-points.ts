import { addDays } from "@/lib/dates";
import { takesSomeWeekdays } from "../../detectors/weekday-shift";
import {
  detectChangePoints,
  reachesFrom,
  type ChangePointFinding,
  type LevelShiftFinding,
} from "../../detectors/change-points";
import { stepRatio } from "../../detectors/contrary-steps";
import type { DailyPoint } from "../../types";
import type { EngineContext } from "../types";
import { segmentsCameBack, withoutSegmentEpisodes } from "./episode-segments";

// The whole site's level shifts and slope changes of a metric, found once per report: the trend
// intention reports them, the anomaly intention judges the days after a shift against its new
// level (detectors/anomalies.ts).

export const MAX_CHART_POINTS = 400;
/** The metric whose episodes the others' scans take as theirs where they moved with them. */
const TRAFFIC = "sessions";

export interface TotalChangePoints {
  /** The series read: the period and before it twice its length (at least 8 weeks, within 400 points). */
  series: readonly DailyPoint[];
  /** Changes dated inside the period, and a stretch that began before it and ran into it (`beforePeriod`). */
  found: ChangePointFinding[];
  /** Days of episodes (detectors/episodes.ts): judged as days, kept out of the other days' expected values. */
  episodeDays: string[];
}

const cache = new WeakMap<EngineContext, Map<string, TotalChangePoints>>();

export function totalChangePoints(ctx: EngineContext, metric: string): TotalChangePoints {
  let byMetric = cache.get(ctx);
  if (!byMetric) cache.set(ctx, (byMetric = new Map()));
  const cached = byMetric.get(metric);
  if (cached) return cached;
  const w = ctx.window;
  const lookback = Math.max(56, Math.min(2 * w.periodDays, MAX_CHART_POINTS - w.periodDays));
  const from = addDays(w.periodStart, -lookback) < w.historyStart ? w.historyStart : addDays(w.periodStart, -lookback);
  const series = ctx.data.series(metric, from, w.periodEnd);
  let episodeDays: string[] = [];
  // The days of the visits' own episodes, for the metrics they bring (orders, revenue, leads): four days of a site at
  // 60 % of its visits were an episode of its sessions, but its revenue's days, noisier, could not pass the episode's
  // bar alone and read as a lasting step ("Revenue shifted from about €3,226.83 to €2,496.74 a day on Nov 6, 2026").
  // Left out of this metric's scan where it moved on them too (change-points.ts, `asideDays`).
  const asideDays =
    metric !== TRAFFIC && ctx.data.hasMetric(TRAFFIC) ? totalChangePoints(ctx, TRAFFIC).episodeDays : undefined;
  // Scanned without its segments' own episodes (a channel's week of promotion), which are the site's unusual days too.
  const parts = withoutSegmentEpisodes(ctx, metric, series);
  const found = detectChangePoints(parts.series, {
    metric,
    onEpisodes: (dates) => (episodeDays = dates),
    asideDays,
    cameBack: (dates) => segmentsCameBack(ctx, metric, dates),
  }).filter((f) => reachesFrom(f, w.periodStart, series) && f.date <= w.periodEnd);
  for (const f of found) if (f.kind === "level_shift" && f.date < w.periodStart) f.beforePeriod = true;
  if (parts.days.length > 0) episodeDays = [...new Set([...episodeDays, ...parts.days])].sort();
  const out = { series, found, episodeDays };
  byMetric.set(metric, out);
  return out;
}

/** A series chart's `periodStart`: the period's first day when its points start before it. */
export const periodStartOf = (points: readonly { date: string }[], periodStart: string): { periodStart?: string } =>
  points.length > 0 && points[0].date < periodStart ? { periodStart } : {};

/**
 * The level shifts among them as the anomaly detector takes them: first day and level after / before; with `maxP`,
 * only those the scan is that sure of.
 */
export function totalLevelShifts(ctx: EngineContext, metric: string, maxP = 1): { date: string; ratio: number }[] {
  return (
    totalChangePoints(ctx, metric)
      // A shift of some weekdays only is no break of the others' level (weekday-shift.ts).
      .found.filter(
        (f): f is LevelShiftFinding =>
          f.kind === "level_shift" && f.baseline > 0 && f.pValue <= maxP && !takesSomeWeekdays(f),
      )
      .map((f) => ({ date: f.date, ratio: stepRatio(f) }))
  );
}

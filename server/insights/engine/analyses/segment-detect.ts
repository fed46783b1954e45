import { daysBetween } from "@/lib/dates";
import { takesSomeWeekdays, withoutWeekdayShiftDays } from "../../detectors/weekday-shift";
import { metricDefinition } from "@/lib/insights/metrics";
import type { PartKey } from "../../data/parts";
import { detectAnomalies, type AnomalyResult, type JudgeOptions } from "../../detectors/anomalies";
import { detectChangePoints, reachesFrom, type LevelShiftFinding } from "../../detectors/change-points";
import { stepRatio } from "../../detectors/contrary-steps";
import { detectCountDays } from "../../detectors/count-days";
import { stoppedSeries } from "../../detectors/stopped-series";
import type { DailyPoint } from "../../types";

// The costly part of watching one segment's metric (segment-watch.ts): its level shifts inside the
// watch window and, with the volume for it, its one-day anomalies against a two-sided baseline.
// A pure function of plain data, so a report can run it for all its segments on another thread
// while the engine works on the totals (parallel/segment-detector.ts); same input, same output.

/**
 * A segment's ratio watched as a daily level (judged for level shifts only): its average search position, and its
 * average order value (revenue over transactions), which a shop's revenue hides behind the noise of its order count.
 */
export type LevelMetric = "position" | "averageOrderValue";
export const isLevelMetric = (metric: string): metric is LevelMetric =>
  metric === "position" || metric === "averageOrderValue";

export interface SegmentTask {
  /** A stored part, or a ratio watched as a level (LevelMetric). */
  metric: PartKey | LevelMetric;
  dimension: string;
  value: string;
  /** The segment's daily series from the loaded window's start to the period end (excluded days null). */
  series: DailyPoint[];
  /** First day judged. */
  watchStart: string;
  periodEnd: string;
  /** Whether the series has the volume for the one-day test too (else only level shifts). */
  daily: boolean;
  /** The one-day test judges each day as a count (a few events a day: detectors/count-days.ts), not with a t. */
  counts?: boolean;
  /**
   * A one-day test shorter than the watch: its first judged day, and the first day of the series it reads (the
   * lookback before it). Unset: the whole watch, from the whole series.
   */
  dailyWindow?: { judgedFrom: string; readFrom: string };
  /**
   * First days of the site total's level shifts of this metric. A step of the whole site moves each segment by its
   * share, often below what the segment's own noise lets it find; its days are still fitted from their own side.
   */
  totalShifts?: readonly string[];
  /**
   * Judged only for a stop (detectors/stopped-series.ts): a segment of too few a day for its level shifts whose last
   * days were all empty after weeks of one or more a day.
   */
  stopOnly?: boolean;
  /**
   * Days of the site total's episodes of this metric (detectors/episodes.ts): a segment's share of a few days away
   * and back, too noisy to pass the episode's bar alone, is left out of its level shift scan as its own would be.
   */
  totalEpisodeDays?: readonly string[];
}

export interface SegmentDetection {
  /** Level shifts dated inside the watch window, and a stretch that ran into it. */
  shifts: LevelShiftFinding[];
  /** The one-day test's findings and the expected range of every judged day (null: not run). */
  anomalies: AnomalyResult | null;
}

/**
 * Days a segment's level shift needs after it when the data ends there (a week elsewhere). A segment's days are
 * counted in few events, so each day of a drop is rarely unusual alone, and the two-sided fit of each bends towards
 * the days around it: Paid Search's leads fell from 15 a day to none on a lead site's last 6 days, and the report
 * said nothing. With 5, a channel's drop on the last 4 days was dated a day early; with 3, a noise twin of the
 * quality bench had a 3-day step of a device's few orders a day pass the report's bar.
 */
export const SHIFT_DAYS_AT_END = 4;
/** Days after a level shift that date it as well as the scan can anywhere: its minimum segment. */
const SETTLED_SHIFT_DAYS = 7;
/**
 * A level shift that is only dated to within days (one on fewer than a week of days, or the site total's to cut a
 * segment's days) is acted on when the scan is this sure of it (its own p-value). Weaker, it was a one-day drop on the
 * data's 4th-last day and the noise after it (p = 0.04): as a break it moved that day's fit, and the day, 5 standard
 * deviations low, went unreported. A step of a segment clear enough to matter (a lead form's 15 leads a day falling
 * to none for 6 days: p below 10⁻⁹; a 35 % rise of the site's cost) passes easily.
 */
export const CLEAR_SHIFT_P = 1e-3;
/**
 * Days a kink needs after it when the data ends there, as the trend intention's (trend.ts): on fewer a kink is the
 * line bent to such a drop, and it outscored the drop's own step (a segment's kinks are not reported).
 */
const KINK_DAYS_AT_END = 14;

export function detectSegment(task: SegmentTask): SegmentDetection {
  const { metric, series, watchStart, periodEnd } = task;
  const tag = { dimension: task.dimension, dimensionValue: task.value };
  if (task.stopOnly) {
    const stop = stoppedSeries(series, { metric, ...tag }, SHIFT_DAYS_AT_END);
    return { shifts: stop && stop.date >= watchStart && stop.date <= periodEnd ? [stop] : [], anomalies: null };
  }
  let aside: string[] | undefined;
  const levels = detectChangePoints(series, {
    metric,
    ...tag,
    onEpisodes: (dates) => (aside = dates),
    asideDays: task.totalEpisodeDays,
    maxChanges: 3,
    minDaysAtEnd: SHIFT_DAYS_AT_END,
    minKinkDaysAtEnd: KINK_DAYS_AT_END,
  }).filter(
    (f): f is LevelShiftFinding =>
      f.kind === "level_shift" && (daysBetween(f.date, periodEnd) >= SETTLED_SHIFT_DAYS || f.pValue <= CLEAR_SHIFT_P),
  );
  // A stretch that began before the watch and ran into it is told by its first step (its return is left out then).
  const shifts = levels.filter((f) => reachesFrom(f, watchStart, series) && f.date <= periodEnd);
  if (!task.daily) return { shifts, anomalies: null };
  const window = task.dailyWindow;
  const read = withoutWeekdayShiftDays(window ? series.filter((p) => p.date >= window.readFrom) : series, levels);
  const judgedFrom = window?.judgedFrom ?? watchStart;
  const levelShifts = [
    // A shift of some weekdays only is no break of the others' level: its own days are left out of `read` instead.
    ...levels
      .filter((f) => !takesSomeWeekdays(f))
      .map((f) => ({
        date: f.date,
        ratio: f.kind === "level_shift" ? stepRatio(f) : f.baseline ? f.current / f.baseline : 1,
      })),
    // Only its date matters to the two-sided fit.
    ...(task.totalShifts ?? []).filter((d) => !levels.some((f) => f.date === d)).map((date) => ({ date, ratio: 1 })),
  ];
  if (task.counts) {
    const breaks = levelShifts.map((x) => x.date);
    const judge = { ...segmentJudgeOptions(task), from: judgedFrom, to: periodEnd, breaks, aside };
    return { shifts, anomalies: detectCountDays(read, judge) };
  }
  const anomalies = detectAnomalies(read, {
    ...segmentJudgeOptions(task),
    periodStart: judgedFrom,
    periodEnd,
    // The judged days have days after them: fitted from both sides (two-sided-baseline.ts), each
    // from the days of its own level.
    baseline: "two-sided",
    levelShifts,
    aside,
  });
  return { shifts, anomalies };
}

/**
 * How a segment's days are judged, here and again with moderated noise (segment-noise.ts): at 95 %, and a count must
 * be off by at least one to be unusual.
 */
export function segmentJudgeOptions(task: SegmentTask): JudgeOptions & { confidence: number } {
  return {
    metric: task.metric,
    dimension: task.dimension,
    dimensionValue: task.value,
    minAbsoluteDeviation: metricDefinition(task.metric).unit === "count" ? 1 : 0,
    confidence: 0.95,
  };
}

/** Runs tasks and hands back their detections when asked (synchronously): here, or on another thread. */
export interface SegmentDetector {
  start(tasks: readonly SegmentTask[]): () => SegmentDetection[];
}

/** Detects on the calling thread, when the detections are asked for. */
export const inlineSegmentDetector: SegmentDetector = {
  start: (tasks) => () => tasks.map(detectSegment),
};

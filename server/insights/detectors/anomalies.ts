import { seasonalBaseline, type BaselineOptions, type BaselinePoint } from "../stats/seasonal-baseline";
import type { SeriesNoise } from "../stats/moderated-variance";
import { twoSidedBaseline } from "../stats/two-sided-baseline";
import { twoSidedStudentTP } from "../stats/distributions";
import { addDays } from "@/lib/dates";
import { relativeChange, type DailyPoint, type Finding } from "../types";

// Anomalies: days of the report period whose value falls outside the expected range. Each day is
// judged against a one-step-ahead prediction interval (stats/seasonal-baseline.ts) that respects
// weekly and, with 13+ months of history, yearly seasonality. At confidence c, a day of ordinary
// noise lands outside its interval with probability ≈ 1 − c, so the share of false alarms on a
// quiet series is bounded by the stated confidence — the property the tests check on noise.

export interface AnomalyOptions extends Omit<BaselineOptions, "from" | "to"> {
  metric: string;
  periodStart: string;
  periodEnd: string;
  dimension?: string | null;
  dimensionValue?: string | null;
  /**
   * forecast (default): each day predicted from the days before it (seasonal-baseline.ts, with yearly
   * seasonality); two-sided: each day fitted from the days on both sides, itself left out
   * (two-sided-baseline.ts), for judged days that have later data around them (the segments).
   */
  baseline?: "forecast" | "two-sided";
  /** Ignore deviations smaller than this in absolute terms (e.g. ±3 conversions on a tiny series). */
  minAbsoluteDeviation?: number;
  /**
   * Level shifts found in the period (first day, level after / level before). A forecast reads the level from the
   * weeks before a day, so for two weeks after a step every ordinary day would look low (or high): days from a
   * shift on are judged against the history moved to the new level, as the shift already explains the step.
   * The two-sided baseline fits each day's level from its own side of the shifts (two-sided-baseline.ts).
   */
  levelShifts?: readonly { date: string; ratio: number }[];
  /**
   * Days judged on their own values but left out of every other day's expected value: an episode's (a week's
   * promotion, change-points.ts `onEpisodes`). Fitted with them, the ordinary days after a promotion of twice Paid
   * Search's visits were "below the expected range" four days in a row, and its last day within it.
   */
  aside?: readonly string[];
}

export interface AnomalyFinding extends Finding {
  kind: "anomaly";
  date: string;
  /** Same as `current`, named for readers of a single day. */
  actual: number;
  expected: number;
  /** Signed distance from the expected value in units of σ. */
  score: number;
  pValue: number;
}

export interface AnomalyResult {
  findings: AnomalyFinding[];
  /** The expected range for every day of the period, for the chart. */
  points: BaselinePoint[];
  /** Days that had an interval (days without enough history are not judged). */
  judgedDays: number;
  /** The two-sided baseline's noise estimate, for pooling across segments (moderated-variance.ts). */
  noise?: SeriesNoise | null;
}

export function detectAnomalies(series: readonly DailyPoint[], options: AnomalyOptions): AnomalyResult {
  const confidence = options.confidence ?? 0.95;
  const fitted = withoutDays(series, options.aside);
  if (options.baseline === "two-sided") {
    const baseline = twoSidedBaseline(fitted, {
      from: options.periodStart,
      to: options.periodEnd,
      confidence,
      breaks: options.levelShifts?.map((s) => s.date),
    });
    return { ...judgeDays(withActuals(baseline.points, series, options.aside), options), noise: baseline.noise };
  }
  const points = forecastAcrossShifts(fitted, { ...options, confidence }).points;
  return judgeDays(withActuals(points, series, options.aside), options);
}

/** The series with the `aside` days unknown: what the other days' expected values are fitted from. */
export function withoutDays(
  series: readonly DailyPoint[],
  aside: readonly string[] | undefined,
): readonly DailyPoint[] {
  if (!aside?.length) return series;
  const days = new Set(aside);
  return series.map((p) => (days.has(p.date) ? { date: p.date, value: null } : p));
}

/** The baseline's points with the `aside` days' own values put back, to be judged against what the rest expected. */
export function withActuals<P extends BaselinePoint>(
  points: P[],
  series: readonly DailyPoint[],
  aside: readonly string[] | undefined,
): P[] {
  if (!aside?.length) return points;
  const days = new Set(aside);
  const values = new Map(series.filter((p) => days.has(p.date)).map((p) => [p.date, p.value]));
  return points.map((p) => (values.has(p.date) ? { ...p, actual: values.get(p.date) ?? null } : p));
}

export type JudgeOptions = Pick<AnomalyOptions, "metric" | "dimension" | "dimensionValue" | "minAbsoluteDeviation"> & {
  confidence?: number;
};

/** The days outside their expected range, each with its test: what detectAnomalies finds in a baseline's points. */
export function judgeDays(points: BaselinePoint[], options: JudgeOptions): AnomalyResult {
  const confidence = options.confidence ?? 0.95;
  const findings: AnomalyFinding[] = [];
  let judgedDays = 0;
  for (const p of points) {
    if (p.actual === null || p.expected === null || p.low === null || p.high === null || p.sigma === null) continue;
    judgedDays++;
    if (p.actual >= p.low && p.actual <= p.high) continue;
    const change = p.actual - p.expected;
    if (Math.abs(change) < (options.minAbsoluteDeviation ?? 0)) continue;
    // The interval's own t distribution, so the p-value and the range agree.
    const day = { date: p.date, actual: p.actual, expected: p.expected, low: p.low, high: p.high, sigma: p.sigma };
    findings.push(dayFinding(options, day, confidence, twoSidedStudentTP(change / p.sigma, p.df ?? 30)));
  }
  return { findings, points, judgedDays };
}

/** A judged day outside its range as a finding: its value against the expected one and range, σ and p-value. */
export function dayFinding(
  options: JudgeOptions,
  p: { date: string; actual: number; expected: number; low: number; high: number; sigma: number },
  confidence: number,
  pValue: number,
): AnomalyFinding {
  const change = p.actual - p.expected;
  return {
    kind: "anomaly",
    metric: options.metric,
    dimension: options.dimension ?? null,
    dimensionValue: options.dimensionValue ?? null,
    periodStart: p.date,
    periodEnd: p.date,
    date: p.date,
    current: p.actual,
    actual: p.actual,
    baseline: p.expected,
    expected: p.expected,
    change,
    changePct: relativeChange(p.actual, p.expected),
    expectedLow: p.low,
    expectedHigh: p.high,
    confidence,
    direction: change > 0 ? "up" : "down",
    score: change / p.sigma,
    pValue,
  };
}

/**
 * The one-step forecast of each period day; from each level shift on, from the series with every earlier day scaled
 * by the shifts between it and the judged stretch (so the history sits at the level the day is on).
 */
function forecastAcrossShifts(
  series: readonly DailyPoint[],
  options: AnomalyOptions & { confidence: number },
): { points: BaselinePoint[] } {
  const shifts = (options.levelShifts ?? [])
    .filter(
      (s) => s.date >= options.periodStart && s.date <= options.periodEnd && Number.isFinite(s.ratio) && s.ratio > 0,
    )
    .sort((a, b) => a.date.localeCompare(b.date));
  const judge = (data: readonly DailyPoint[], from: string, to: string) =>
    seasonalBaseline(data, { ...options, from, to }).points;
  if (shifts.length === 0) return { points: judge(series, options.periodStart, options.periodEnd) };
  const points =
    shifts[0].date > options.periodStart ? judge(series, options.periodStart, addDays(shifts[0].date, -1)) : [];
  shifts.forEach((shift, k) => {
    const to = k + 1 < shifts.length ? addDays(shifts[k + 1].date, -1) : options.periodEnd;
    const upTo = shifts.slice(0, k + 1);
    const moved = series.map((p) => {
      if (p.value === null || p.date >= shift.date) return p;
      let factor = 1;
      for (const s of upTo) if (p.date < s.date) factor *= s.ratio;
      return { date: p.date, value: p.value * factor };
    });
    points.push(...judge(moved, shift.date, to));
  });
  return { points };
}

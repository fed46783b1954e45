import type { FindingOf } from "@/lib/insights/finding";
import { ENGINE_CONFIG } from "../config";
import type { CubeSeries } from "../data/cube";

// Frozen tracking: a run of days repeating one value exactly, or recording none, which the series' own day-to-day
// noise makes impossible (a tag that re-sends yesterday's total, an export filled down, a tag that stopped firing for
// a week). A rule of the data-quality audit, not a test of the report: its days are read as unknown by every other
// detector, so a frozen month raises no level shift and its days no unusual days. A run of zeros that lasts to the
// data's end is a stop, told by the change-point detector as the series' step to none (ADR 0032).
//
// The rule reads every metric's total and every watched segment's additive metrics of every report (thousands of
// series), so each series is read once: its runs in one pass, and what a run's chance needs of the other days (the
// day-to-day differences, the days of none, the values' resolution) once for all its runs, each run's own days taken
// out by arithmetic (a run's days are all known and equal: its differences are zeros, its days of none all of it).

interface Run {
  from: number;
  to: number;
}

/** What every run of one series is judged against, read once for the series. */
interface SeriesNoise {
  /** The day-to-day absolute differences of known neighbours, ascending (zeros first). */
  diffs: Float64Array;
  /** How many of them are 0. */
  zeroDiffs: number;
  /** Known days, and known days of none. */
  known: number;
  zeros: number;
  /** The last known day's index (-1 without one). */
  lastKnown: number;
  /** The values' resolution (a count's 1; an amount's cents or its own), read when first needed. */
  resolution?: number;
}

function noiseOf(series: CubeSeries): SeriesNoise {
  const v = series.values;
  const diffs = new Float64Array(Math.max(0, v.length - 1));
  let n = 0;
  let zeroDiffs = 0;
  let known = 0;
  let zeros = 0;
  let lastKnown = -1;
  for (let i = 0; i < v.length; i++) {
    if (!Number.isFinite(v[i])) continue;
    known++;
    lastKnown = i;
    if (v[i] === 0) zeros++;
    if (i === 0 || !Number.isFinite(v[i - 1])) continue;
    const d = Math.abs(v[i] - v[i - 1]);
    diffs[n++] = d;
    if (d === 0) zeroDiffs++;
  }
  return { diffs: diffs.subarray(0, n).sort(), zeroDiffs, known, zeros, lastKnown };
}

/**
 * The chance of one more day at exactly the run's value, at most: the noise's largest point probability, or the share
 * of the series' other days equal to the day before (add-half smoothed) where that is larger — revenue that is a
 * whole number of orders at one price repeats far more often than its cents suggest.
 */
function repeatChance(series: CubeSeries, noise: SeriesNoise, run: Run): number {
  const { sd, equalShare } = dayToDay(noise, run);
  if (!(sd > 0)) return 1;
  // A count's values are whole; an amount's are cents (or the data's own resolution).
  noise.resolution ??= series.family === "count" ? 1 : resolutionOf(series);
  return Math.min(1, Math.max(equalShare, noise.resolution / (Math.sqrt(2 * Math.PI) * sd)));
}

/**
 * The noise of one day about the next, robustly (the median absolute difference), leaving the run out: its
 * differences between its own days are zeros, the first of the ascending differences.
 */
function dayToDay(noise: SeriesNoise, run: Run): { sd: number; equalShare: number } {
  const inRun = run.to - run.from - 1;
  const count = noise.diffs.length - inRun;
  if (count < 7) return { sd: 0, equalShare: 1 };
  const equalShare = (noise.zeroDiffs - inRun + 0.5) / (count + 1);
  return { sd: (1.4826 * noise.diffs[inRun + (count >> 1)]) / Math.SQRT2, equalShare };
}

function resolutionOf(series: CubeSeries): number {
  const decimals = Array.from(series.values).reduce((d, x) => {
    if (!Number.isFinite(x)) return d;
    const text = String(x);
    const dot = text.indexOf(".");
    return Math.max(d, dot < 0 ? 0 : Math.min(4, text.length - dot - 1));
  }, 0);
  return 10 ** -decimals;
}

/** Maximal runs of one known value, at least `minFrozenRun` long. */
function runsOf(series: CubeSeries): Run[] {
  const out: Run[] = [];
  const v = series.values;
  let start = 0;
  for (let i = 1; i <= v.length; i++) {
    if (i < v.length && Number.isFinite(v[i]) && v[i] === v[start]) continue;
    if (i - start >= ENGINE_CONFIG.minFrozenRun && Number.isFinite(v[start])) out.push({ from: start, to: i });
    start = i;
  }
  return out;
}

/**
 * The chance of a day of none, at most: a count's Poisson chance at the level of the days before the run, or the share
 * of days of none the series had elsewhere (add-half smoothed), whichever is larger.
 */
function zeroChance(series: CubeSeries, noise: SeriesNoise, run: Run): { p: number; level: number } {
  const v = series.values;
  // The run's days are all known and all none.
  const zeros = noise.zeros - (run.to - run.from);
  const known = noise.known - (run.to - run.from);
  const before: number[] = [];
  for (let i = run.from - 1; i >= 0 && before.length < ENGINE_CONFIG.frozenLevelDays; i--)
    if (Number.isFinite(v[i])) before.push(v[i]);
  const level = before.length > 0 ? before.reduce((a, b) => a + b, 0) / before.length : 0;
  const empirical = (zeros + 0.5) / (known + 1);
  const poisson = series.family === "count" ? Math.exp(-level) : 0;
  return { p: before.length < ENGINE_CONFIG.minFrozenRun ? 1 : Math.min(1, Math.max(empirical, poisson)), level };
}

/**
 * A run's chance under the series' own noise: of the same value again each day after the first, or of none each day.
 * Null for a run of zeros that lasted to the data's end (no known day after it): the stop (detectors/stopped-series.ts)
 * tells that one.
 */
function runChance(series: CubeSeries, noise: SeriesNoise, run: Run): { chance: number; level: number } | null {
  if (series.values[run.from] !== 0)
    return { chance: repeatChance(series, noise, run) ** (run.to - run.from - 1), level: 0 };
  if (noise.lastKnown < run.to) return null;
  const { p, level } = zeroChance(series, noise, run);
  return { chance: p ** (run.to - run.from), level };
}

/**
 * The frozen runs of a daily series (a metric's total or a segment's), each a data-quality finding: one value repeated
 * (`current` and `value`), or none recorded (0) where the days before had `baseline` a day.
 */
export function frozenRuns(series: CubeSeries): FindingOf<"audit">[] {
  if (series.grain !== "day" || series.family === "rate" || series.family === "ratio") return [];
  const runs = runsOf(series);
  // A series without a long enough run of one value (most of them) has nothing to judge.
  if (runs.length === 0) return [];
  const noise = noiseOf(series);
  return runs.flatMap((run) => {
    const judged = runChance(series, noise, run);
    if (!judged || judged.chance >= ENGINE_CONFIG.frozenP) return [];
    return [frozenFinding(series, run, judged.level)];
  });
}

function frozenFinding(series: CubeSeries, run: Run, level: number): FindingOf<"audit"> {
  const value = series.values[run.from];
  return {
    kind: "audit",
    check: "tracking_gaps",
    issue: "frozen_values",
    severity: "high",
    metric: series.metric,
    dimension: series.dimension,
    dimensionValue: series.value,
    periodStart: series.dates[run.from],
    periodEnd: series.dates[run.to - 1],
    current: value,
    baseline: value === 0 ? level : null,
    change: null,
    changePct: null,
    expectedLow: null,
    expectedHigh: null,
    confidence: 1 - ENGINE_CONFIG.frozenP,
    direction: null,
    count: run.to - run.from,
    value,
    examples: [series.dates[run.from], series.dates[run.to - 1]],
  };
}

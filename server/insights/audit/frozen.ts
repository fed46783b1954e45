import type { FindingOf } from "@/lib/insights/finding";
import { ENGINE_CONFIG } from "../config";
import type { CubeSeries } from "../data/cube";

// Frozen tracking: a run of days repeating one value exactly, or recording none, which the series' own day-to-day
// noise makes impossible (a tag that re-sends yesterday's total, an export filled down, a tag that stopped firing for
// a week). A rule of the data-quality audit, not a test of the report: its days are read as unknown by every other
// detector, so a frozen month raises no level shift and its days no unusual days. A run of zeros that lasts to the
// data's end is a stop, told by the change-point detector as the series' step to none (ADR 0032).

/**
 * The chance of one more day at exactly the run's value, at most: the noise's largest point probability, or the share
 * of the series' other days equal to the day before (add-half smoothed) where that is larger — revenue that is a
 * whole number of orders at one price repeats far more often than its cents suggest.
 */
function repeatChance(series: CubeSeries, run: { from: number; to: number }): number {
  const { sd, equalShare } = dayToDay(series, run);
  if (!(sd > 0)) return 1;
  // A count's values are whole; an amount's are cents (or the data's own resolution).
  const resolution = series.family === "count" ? 1 : resolutionOf(series);
  return Math.min(1, Math.max(equalShare, resolution / (Math.sqrt(2 * Math.PI) * sd)));
}

/** The noise of one day about the next, robustly (the median absolute difference), leaving the run out. */
function dayToDay(series: CubeSeries, run: { from: number; to: number }): { sd: number; equalShare: number } {
  const diffs: number[] = [];
  const v = series.values;
  for (let i = 1; i < v.length; i++) {
    if (i > run.from && i < run.to) continue;
    if (Number.isFinite(v[i]) && Number.isFinite(v[i - 1])) diffs.push(Math.abs(v[i] - v[i - 1]));
  }
  if (diffs.length < 7) return { sd: 0, equalShare: 1 };
  const equalShare = (diffs.filter((d) => d === 0).length + 0.5) / (diffs.length + 1);
  diffs.sort((a, b) => a - b);
  return { sd: (1.4826 * diffs[diffs.length >> 1]) / Math.SQRT2, equalShare };
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
function runsOf(series: CubeSeries): { from: number; to: number }[] {
  const out: { from: number; to: number }[] = [];
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
function zeroChance(series: CubeSeries, run: { from: number; to: number }): { p: number; level: number } {
  const v = series.values;
  let zeros = 0;
  let known = 0;
  for (let i = 0; i < v.length; i++) {
    if ((i >= run.from && i < run.to) || !Number.isFinite(v[i])) continue;
    known++;
    if (v[i] === 0) zeros++;
  }
  const before: number[] = [];
  for (let i = run.from - 1; i >= 0 && before.length < ENGINE_CONFIG.frozenLevelDays; i--)
    if (Number.isFinite(v[i])) before.push(v[i]);
  const level = before.length > 0 ? before.reduce((a, b) => a + b, 0) / before.length : 0;
  const empirical = (zeros + 0.5) / (known + 1);
  const poisson = series.family === "count" ? Math.exp(-level) : 0;
  return { p: before.length < ENGINE_CONFIG.minFrozenRun ? 1 : Math.min(1, Math.max(empirical, poisson)), level };
}

/** Whether the series has a known day after the run: a run of zeros to the data's end is a stop, not a gap. */
function cameBack(series: CubeSeries, run: { from: number; to: number }): boolean {
  for (let i = run.to; i < series.values.length; i++) if (Number.isFinite(series.values[i])) return true;
  return false;
}

/**
 * A run's chance under the series' own noise: of the same value again each day after the first, or of none each day.
 * Null for a run of zeros that lasted to the data's end: the stop (detectors/stopped-series.ts) tells that one.
 */
function runChance(series: CubeSeries, run: { from: number; to: number }): { chance: number; level: number } | null {
  if (series.values[run.from] !== 0) return { chance: repeatChance(series, run) ** (run.to - run.from - 1), level: 0 };
  if (!cameBack(series, run)) return null;
  const { p, level } = zeroChance(series, run);
  return { chance: p ** (run.to - run.from), level };
}

/**
 * The frozen runs of a daily series (a metric's total or a segment's), each a data-quality finding: one value repeated
 * (`current` and `value`), or none recorded (0) where the days before had `baseline` a day.
 */
export function frozenRuns(series: CubeSeries): FindingOf<"audit">[] {
  if (series.grain !== "day" || series.family === "rate" || series.family === "ratio") return [];
  return runsOf(series).flatMap((run) => {
    const judged = runChance(series, run);
    if (!judged || judged.chance >= ENGINE_CONFIG.frozenP) return [];
    const value = series.values[run.from];
    const finding: FindingOf<"audit"> = {
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
      baseline: value === 0 ? judged.level : null,
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
    return [finding];
  });
}

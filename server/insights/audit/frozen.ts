import type { FindingOf } from "@/lib/insights/finding";
import { ENGINE_CONFIG } from "../config";
import type { CubeSeries } from "../data/cube";

// Frozen tracking: a run of days repeating one value exactly, which the series' own day-to-day noise makes
// impossible (a tag that re-sends yesterday's total, an export filled down). A rule of the data-quality audit, not a
// test of the report: its days are read as unknown by every other detector, so a frozen month raises no level shift.

/** The chance of one more day at exactly the run's value, at most: the noise's largest point probability. */
function repeatChance(series: CubeSeries, run: { from: number; to: number }): number {
  const sd = dayToDaySd(series, run);
  if (!(sd > 0)) return 1;
  // A count's values are whole; an amount's are cents (or the data's own resolution).
  const resolution = series.family === "count" ? 1 : resolutionOf(series);
  return Math.min(1, resolution / (Math.sqrt(2 * Math.PI) * sd));
}

/** The noise of one day about the next, robustly (the median absolute difference), leaving the run out. */
function dayToDaySd(series: CubeSeries, run: { from: number; to: number }): number {
  const diffs: number[] = [];
  const v = series.values;
  for (let i = 1; i < v.length; i++) {
    if (i > run.from && i < run.to) continue;
    if (Number.isFinite(v[i]) && Number.isFinite(v[i - 1])) diffs.push(Math.abs(v[i] - v[i - 1]));
  }
  if (diffs.length < 7) return 0;
  diffs.sort((a, b) => a - b);
  return (1.4826 * diffs[diffs.length >> 1]) / Math.SQRT2;
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

/** Maximal runs of one non-zero value, at least `minFrozenRun` long. */
function runsOf(series: CubeSeries): { from: number; to: number }[] {
  const out: { from: number; to: number }[] = [];
  const v = series.values;
  let start = 0;
  for (let i = 1; i <= v.length; i++) {
    if (i < v.length && Number.isFinite(v[i]) && v[i] === v[start] && v[i] !== 0) continue;
    if (i - start >= ENGINE_CONFIG.minFrozenRun && Number.isFinite(v[start]) && v[start] !== 0)
      out.push({ from: start, to: i });
    start = i;
  }
  return out;
}

/** The frozen runs of a daily total, each a data-quality finding. */
export function frozenRuns(series: CubeSeries): FindingOf<"audit">[] {
  if (series.grain !== "day") return [];
  return runsOf(series).flatMap((run) => {
    const chance = repeatChance(series, run) ** (run.to - run.from - 1);
    if (chance >= ENGINE_CONFIG.frozenP) return [];
    const value = series.values[run.from];
    const finding: FindingOf<"audit"> = {
      kind: "audit",
      check: "tracking_gaps",
      issue: "frozen_values",
      severity: "high",
      metric: series.metric,
      dimension: null,
      dimensionValue: null,
      periodStart: series.dates[run.from],
      periodEnd: series.dates[run.to - 1],
      current: value,
      baseline: null,
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

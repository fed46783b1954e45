import { dayNumber } from "@/lib/dates";
import { findMetric } from "@/lib/insights/metrics";
import { normalQuantile, studentTQuantile } from "../stats/distributions";
import { directionOf, relativeChange, type DailyPoint } from "../types";
import type { ChangePointFinding, ChangePointOptions, LevelShiftFinding } from "./change-points";

// A series that stopped: its last days all zero after weeks of a few a day (a campaign's conversions since its
// tracking broke, a form's leads since it stopped sending). The level shift scan (change-points.ts) reads a step
// against a line through the whole window, and at a few a day the line and a kink took most of it: a campaign's 3
// conversions a day falling to none for its last 13 days read as a slope change from a month earlier at p = 7·10⁻⁴,
// and the report said nothing. Here the run of zeros is judged by itself: how likely that many zero days in a row
// are at the level of the weeks before them.
//
// The p-value is the larger of two: the Poisson chance of no event over the run at a low bound of the level before
// it (for counts), and the chance of that many zero days at the share of zero days before it (add-one smoothed),
// which a count that varies more than a Poisson one, or an amount, is judged by. Doubled: this test is the scan's
// second look at the series.

/** Known days before the run whose level and zero days it is judged against. */
const PRIOR_DAYS = 28;
/** Fewest known days before the run. */
const MIN_PRIOR_DAYS = 14;

/**
 * The series' stop, as a level shift to zero from its run of trailing zero days, or null: fewer than `minDays` of
 * them, too few days before, nothing before, or a metric that is neither a count nor an amount.
 */
export function stoppedSeries(
  series: readonly DailyPoint[],
  options: ChangePointOptions,
  minDays: number,
): LevelShiftFinding | null {
  const unit = findMetric(options.metric)?.unit;
  if (unit !== "count" && unit !== "currency") return null;
  // The trailing zero days (unknown days inside the run are skipped, not counted).
  let start = -1;
  let zeros = 0;
  let i = series.length - 1;
  for (; i >= 0; i--) {
    const v = series[i].value;
    if (v === null || !Number.isFinite(v)) continue;
    if (v !== 0) break;
    start = i;
    zeros++;
  }
  if (zeros < minDays) return null;
  let sum = 0;
  let squares = 0;
  let known = 0;
  let priorZeros = 0;
  for (; i >= 0 && known < PRIOR_DAYS; i--) {
    const v = series[i].value;
    if (v === null || !Number.isFinite(v)) continue;
    if (v < 0) return null;
    sum += v;
    squares += v * v;
    known++;
    if (v === 0) priorZeros++;
  }
  if (known < MIN_PRIOR_DAYS || !(sum > 0)) return null;
  const level = sum / known;
  // The day-to-day noise the stop is measured in: the days' own spread before it (a count's at least Poisson's).
  const spread = Math.max(
    Math.sqrt(Math.max(0, squares / known - level * level)),
    unit === "count" ? Math.sqrt(level) : 0,
  );
  const zeroShare = (priorZeros + 1) / (known + 2);
  // A Poisson sum's lower bound at about 97.5 %: the level the run is held to.
  const low = Math.max(0, sum - 2 * Math.sqrt(sum)) / known;
  const chance = Math.max(unit === "count" ? Math.exp(-low * zeros) : 0, zeroShare ** zeros);
  const pValue = Math.min(1, 2 * chance);
  const confidence = options.confidence ?? 0.95;
  // The level before, as a count's: its standard error over the days it was read from.
  const se = Math.sqrt(level / known);
  const q = studentTQuantile(1 - (1 - confidence) / 2, Infinity);
  const date = series[start].date;
  return {
    kind: "level_shift",
    metric: options.metric,
    dimension: options.dimension ?? null,
    dimensionValue: options.dimensionValue ?? null,
    date,
    periodStart: date,
    periodEnd: series[series.length - 1].date,
    current: 0,
    baseline: level,
    change: -level,
    changePct: relativeChange(0, level),
    expectedLow: Math.max(0, level - q * se),
    expectedHigh: level + q * se,
    confidence,
    direction: directionOf(-level),
    pValue,
    score: normalQuantile(1 - Math.max(pValue, 1e-300) / 2),
    ...(spread > 0 ? { effectSize: -level / spread } : {}),
  };
}

/**
 * The scan's findings with the series' stop (`stoppedSeries`): where the scan dated a fall at the run's start (within a
 * day), that step with the stronger of the two p-values; else the stop added, and the scan's findings dated inside
 * the run (steps among the zeros) left out.
 */
export function withStop(
  found: ChangePointFinding[],
  series: readonly DailyPoint[],
  options: ChangePointOptions,
  minDays: number,
): ChangePointFinding[] {
  const stop = stoppedSeries(series, options, minDays);
  if (!stop) return found;
  const runStart = stop.date;
  const dated = found.find(
    (f) => f.kind === "level_shift" && f.direction === "down" && Math.abs(dayNumber(f.date) - dayNumber(runStart)) <= 1,
  );
  // The scan's own step stands, as sure of itself as the run is.
  if (dated) return found.map((f) => (f === dated ? { ...f, pValue: Math.min(f.pValue, stop.pValue) } : f));
  return [...found.filter((f) => f.date < runStart), stop].sort((a, b) => a.date.localeCompare(b.date));
}

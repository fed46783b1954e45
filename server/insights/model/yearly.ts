import { addDays } from "@/lib/dates";
import { ENGINE_CONFIG } from "../config";
import type { CubeSeries } from "../data/cube";

// The yearly part of the decomposition: what the same days a year earlier (52 weeks, the same weekdays) did against
// their own quarter, read from the source's total and applied to its segments too (a season moves a site's traffic,
// not one channel's alone). Where last year's days are unknown, or their move is within its own noise, the factor is 1.

/** Days either side of last year's day its week is read over (a week: the weekday pattern averages out). */
const WEEK_HALF = 3;
/** Days either side of last year's day its quarter (the level the week is compared with) is read over. */
const QUARTER_HALF = 45;
/** Days of last year's quarter needed before a factor is read at all. */
const MIN_QUARTER_DAYS = 28;

/**
 * Yearly factors from a daily total: for each date, last year's week around the same day over last year's quarter
 * around it, kept where it differs from 1 by more than `yearlyKeepSe` of its standard error (soft-thresholded), else 1.
 */
export function yearlyFactors(total: CubeSeries, weekly: readonly number[]): (date: string) => number {
  if (total.grain !== "day") return () => 1;
  const index = new Map(total.dates.map((d, i) => [d, i]));
  const adjusted = total.dates.map((d, i) => total.values[i] / weekly[new Date(`${d}T00:00:00Z`).getUTCDay()]);
  const cache = new Map<string, number>();
  const mean = (from: number, to: number) => {
    let s = 0;
    let k = 0;
    const xs: number[] = [];
    for (let i = Math.max(0, from); i <= Math.min(adjusted.length - 1, to); i++)
      if (Number.isFinite(adjusted[i])) {
        s += adjusted[i];
        k++;
        xs.push(adjusted[i]);
      }
    return { mean: k > 0 ? s / k : NaN, known: k, values: xs };
  };
  return (date: string) => {
    const hit = cache.get(date);
    if (hit !== undefined) return hit;
    const centre = index.get(addDays(date, -ENGINE_CONFIG.yearDays));
    let factor = 1;
    if (centre !== undefined) {
      const week = mean(centre - WEEK_HALF, centre + WEEK_HALF);
      const quarter = mean(centre - QUARTER_HALF, centre + QUARTER_HALF);
      if (week.known >= 5 && quarter.known >= MIN_QUARTER_DAYS && quarter.mean > 0 && week.mean > 0)
        factor = thresholded(
          week.mean / quarter.mean,
          relativeSd(quarter.values, quarter.mean) / Math.sqrt(week.known),
        );
    }
    cache.set(date, factor);
    return factor;
  };
}

/** A day's relative scatter about a level (MAD), what last year's week's mean carries as noise. */
function relativeSd(values: readonly number[], level: number): number {
  const dev = values.map((v) => Math.abs(v / level - 1)).sort((a, b) => a - b);
  return 1.4826 * dev[dev.length >> 1];
}

/** A ratio moved towards 1 by `yearlyKeepSe` standard errors on the log scale, and 1 when that crosses it. */
function thresholded(ratio: number, se: number): number {
  const l = Math.log(ratio);
  const kept = Math.max(0, Math.abs(l) - ENGINE_CONFIG.yearlyKeepSe * se);
  return Math.exp(Math.sign(l) * kept);
}

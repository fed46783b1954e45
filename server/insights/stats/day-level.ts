import { dayOfWeek } from "@/lib/dates";
import type { DailyPoint } from "../types";
import { MAD_TO_SIGMA, median } from "./descriptive";

// The level of a run of days, as a step states it ("from about X to Y a day"), and the noise of that mean. Both
// engines state a level shift's before and after with it (detectors/contrary-steps.ts at v2's scan,
// report/steps-on-their-days.ts after either engine's findings are known), so a level is defined once.

const MIN_DAYS = 3;
/** How far from the days' median (in robust sigmas) a day is unusual by itself, not part of a level. */
const OUTLIER_SIGMAS = 5;

export interface DayLevel {
  mean: number;
  /** The mean's standard error from the days' weekday-adjusted noise (`noiseVariance`). */
  se: number;
  n: number;
  /** Whether `se` is of the weekday-adjusted noise (false: too few days to read each weekday's mean, the raw one). */
  weekdayNoise: boolean;
  /** Its kept days by weekday (Sunday first), and whether the mean is of all seven weekdays' means. */
  mix: number[];
  balanced: boolean;
}

export interface DayLevelOptions {
  /** The days before a step of a few days, weighed as its days are (four days from a Tuesday: no weekend). */
  mix?: readonly number[];
  /** Days that are no part of the level: the days a report tells as unusual on the same series. */
  skip?: ReadonlySet<string>;
}

/**
 * The level of the days from index `from` to `to`: the mean of their weekdays' means (so that two weeks and a day are
 * not one weekday heavier), less the days in `skip` and the days further than OUTLIER_SIGMAS robust sigmas (median
 * absolute deviation) from their median. A level is what the days run at; a day unusual by itself (a playoff game's
 * page views, five times the week's) is told as a day and is no part of it. Null with fewer than three days.
 */
export function dayLevel(
  series: readonly DailyPoint[],
  from: number,
  to: number,
  options: DayLevelOptions = {},
): DayLevel | null {
  const { mix, skip } = options;
  const known: DailyPoint[] = [];
  for (let i = Math.max(0, from); i <= to && i < series.length; i++) {
    const v = series[i].value;
    if (v !== null && Number.isFinite(v) && !skip?.has(series[i].date)) known.push(series[i]);
  }
  if (known.length < MIN_DAYS) return null;
  // Each day against its weekday's median (the whole window's with fewer than two of it): a weekend at 70 % of the
  // weekdays is the week's shape, not an unusual day.
  const overall = median(known.map((p) => p.value!));
  const weekdayMedian = new Map<number, number>();
  for (let d = 0; d < 7; d++) {
    const same = known.filter((p) => dayOfWeek(p.date) === d).map((p) => p.value!);
    weekdayMedian.set(d, same.length >= 2 ? median(same) : overall);
  }
  const deviation = (p: DailyPoint) => Math.abs(p.value! - weekdayMedian.get(dayOfWeek(p.date))!);
  const sigma = MAD_TO_SIGMA * median(known.map(deviation));
  const kept = sigma > 0 ? known.filter((p) => deviation(p) <= OUTLIER_SIGMAS * sigma) : known;
  const n = kept.length;
  if (n < MIN_DAYS) return null;
  const values = kept.map((p) => p.value!);
  const plain = values.reduce((a, b) => a + b, 0) / n;
  const byWeekday = new Map<number, number[]>();
  for (const p of kept) {
    const day = dayOfWeek(p.date);
    const same = byWeekday.get(day);
    if (same) same.push(p.value!);
    else byWeekday.set(day, [p.value!]);
  }
  const counts = [0, 1, 2, 3, 4, 5, 6].map((d) => byWeekday.get(d)?.length ?? 0);
  const meanOf = (d: number) => byWeekday.get(d)!.reduce((x, y) => x + y, 0) / byWeekday.get(d)!.length;
  const weekdayNoise = n - byWeekday.size >= 3;
  const se = Math.sqrt(noiseVariance(byWeekday, values, plain) / n);
  if (mix && mix.every((w, d) => w === 0 || byWeekday.has(d))) {
    const total = mix.reduce((a, b) => a + b, 0);
    const weighted = mix.reduce((a, w, d) => a + (w > 0 ? w * meanOf(d) : 0), 0) / total;
    return { mean: weighted, se, n, weekdayNoise, mix: counts, balanced: false };
  }
  if (byWeekday.size < 7 || n < 14) return { mean: plain, se, n, weekdayNoise, mix: counts, balanced: false };
  // The mean of the seven weekdays' means; the noise each day's distance from its weekday's mean.
  const mean = [...byWeekday.keys()].reduce((a, d) => a + meanOf(d) / 7, 0);
  return { mean, se, n, weekdayNoise, mix: counts, balanced: true };
}

/**
 * The days' noise: each day's distance from its weekday's mean where the weekdays repeat enough to read their means
 * (three days or more beyond the weekdays seen), else from the days' mean. The week's shape is no noise: read as noise,
 * it made a site's 9 % step on its days "within the noise" of the level before.
 */
function noiseVariance(byWeekday: ReadonlyMap<number, number[]>, values: readonly number[], plain: number): number {
  const n = values.length;
  // The same test as `weekdayNoise` above.
  if (n - byWeekday.size < 3) return values.reduce((a, b) => a + (b - plain) ** 2, 0) / (n - 1);
  let squares = 0;
  for (const day of byWeekday.values()) {
    const m = day.reduce((x, y) => x + y, 0) / day.length;
    for (const v of day) squares += (v - m) ** 2;
  }
  return squares / (n - byWeekday.size);
}

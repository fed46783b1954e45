import type { DailyPoint } from "../types";
import { dayNumber } from "@/lib/dates";

/** A dense daily series as the baselines read it: values as numbers (NaN where unknown) and the judged range. */
export interface DenseSeries {
  n: number;
  /** Day number of the first point. */
  day0: number;
  /** Index of the first and last judged day, clipped to the series. */
  fromIdx: number;
  toIdx: number;
  y: Float64Array;
  nonNegative: boolean;
}

/** Reads a series that has one point per day, in order (throws otherwise, naming the caller). */
export function readDenseSeries(
  series: readonly DailyPoint[],
  range: { from: string; to: string },
  caller: string,
): DenseSeries {
  const n = series.length;
  const day0 = dayNumber(series[0].date);
  if (dayNumber(series[n - 1].date) - day0 !== n - 1)
    throw new Error(`${caller}: the series must be dense (one point per day, in order)`);
  const y = new Float64Array(n);
  let nonNegative = true;
  for (let i = 0; i < n; i++) {
    const v = series[i].value;
    y[i] = v === null || !Number.isFinite(v) ? NaN : v;
    if (y[i] < 0) nonNegative = false;
  }
  return {
    n,
    day0,
    fromIdx: Math.max(0, dayNumber(range.from) - day0),
    toIdx: Math.min(n - 1, dayNumber(range.to) - day0),
    y,
    nonNegative,
  };
}

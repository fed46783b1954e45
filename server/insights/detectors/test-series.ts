import { gaussian, mulberry32 } from "@/lib/seeded-random";
import { addDays, dayOfWeek } from "@/lib/dates";
import type { DailyPoint } from "../types";

// Generated daily series for the detector tests and the speed check: a level, a weekly pattern,
// optional yearly wave and trend, and seeded Gaussian noise, so every planted event has a known
// date and size.

export interface SeriesSpec {
  start?: string;
  days: number;
  level?: number;
  /** Multiplicative weekday profile Sunday..Saturday. */
  weekly?: readonly number[];
  /** Amplitude of a yearly sine wave, as a fraction of the level. */
  yearlyAmplitude?: number;
  noiseSd?: number;
  seed?: number;
}

export const WEEKLY_PROFILE = [0.7, 1.1, 1.15, 1.1, 1.05, 1.0, 0.75] as const;

export function generateSeries(spec: SeriesSpec): DailyPoint[] {
  const { days, level = 1000, weekly = WEEKLY_PROFILE, yearlyAmplitude = 0, noiseSd = 40, seed = 1 } = spec;
  const start = spec.start ?? "2025-01-01";
  const noise = gaussian(mulberry32(seed));
  const startDow = dayOfWeek(start);
  const out: DailyPoint[] = [];
  for (let i = 0; i < days; i++) {
    const seasonal = level * weekly[(startDow + i) % 7] * (1 + yearlyAmplitude * Math.sin((2 * Math.PI * i) / 365.25));
    out.push({ date: addDays(start, i), value: seasonal + noiseSd * noise() });
  }
  return out;
}

/** Applies `fn` to the values from index `from` (inclusive) to `to` (exclusive). */
export function plant(
  series: DailyPoint[],
  from: number,
  to: number,
  fn: (value: number, i: number) => number,
): DailyPoint[] {
  return series.map((p, i) => (i >= from && i < to && p.value !== null ? { ...p, value: fn(p.value, i) } : p));
}

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

/** A shop's weekly pattern, Sunday to Saturday: weekdays busier than weekends. */
export const SHOP_WEEK = [0.75, 1.08, 1.08, 1.08, 1.08, 1.08, 0.75] as const;

/**
 * 120 days to `end` of a count around `mean` with the shop's week and Poisson-sized noise; `factor` moves a day's
 * mean (a step, a few days of a promotion).
 */
export function weeklyCounts(
  seed: number,
  mean: number,
  factor: (date: string) => number = () => 1,
  end = "2026-11-20",
): DailyPoint[] {
  const z = gaussian(mulberry32(seed));
  return Array.from({ length: 120 }, (_, i) => {
    const date = addDays(end, i - 119);
    const m = mean * SHOP_WEEK[dayOfWeek(date)] * factor(date);
    return { date, value: Math.max(0, Math.round(m + Math.sqrt(m) * z())) };
  });
}

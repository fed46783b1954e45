// The data a report was computed from, as the checker reads it: one daily series per metric, for the total and for
// each segment the data holds day by day. Two ways to build it: from the engine's input (what the report read through
// the app's loaders, engine-series-data.ts) and from plain rows (tests and the bench's own reading of a file).
import { addDays, daysBetween, dayOfWeek } from "@/lib/dates";
import { findMetric } from "@/lib/insights/metrics";
import type { Segment } from "./finding-view";

/** A metric's days from `from` on; a ratio keeps its parts so a period's level is the ratio of its sums. */
export interface DaySeries {
  from: string;
  /** The metric's value each day (a ratio's, that day's parts' ratio); null: unknown. */
  values: readonly (number | null)[];
  numerators?: readonly (number | null)[];
  denominators?: readonly (number | null)[];
}

export interface SeriesData {
  /** The metric's days for the total (segment null) or one segment; null when the data does not hold them. */
  series(metric: string, segment: Segment | null): DaySeries | null;
  /** Every additive series the data holds (for the frozen-run scan). */
  list(): readonly { metric: string; segment: Segment | null }[];
}

export interface Level {
  /** Mean of the known days (a ratio: its parts' sums' ratio). */
  mean: number;
  /** Standard error of the mean, from the days' spread. */
  se: number;
  days: number;
}

export const dateAt = (s: DaySeries, i: number): string => addDays(s.from, i);
export const indexOf = (s: DaySeries, date: string): number => daysBetween(s.from, date) - 1;

/** The known days of [from, to] (only `weekdays` when given, none of `skip`). */
export function daysIn(
  s: DaySeries,
  from: string,
  to: string,
  options: { weekdays?: readonly number[] | null; skip?: ReadonlySet<string> } = {},
): number[] {
  const out: number[] = [];
  const first = Math.max(0, indexOf(s, from));
  const last = Math.min(s.values.length - 1, indexOf(s, to));
  for (let i = first; i <= last; i++) {
    if (s.values[i] === null) continue;
    const date = dateAt(s, i);
    if (options.skip?.has(date)) continue;
    if (options.weekdays && !options.weekdays.includes(dayOfWeek(date))) continue;
    out.push(i);
  }
  return out;
}

/** The series' level over [from, to]: null with fewer than `minDays` known days. */
export function levelOver(
  s: DaySeries,
  from: string,
  to: string,
  options: { weekdays?: readonly number[] | null; skip?: ReadonlySet<string>; minDays?: number } = {},
): Level | null {
  const idx = daysIn(s, from, to, options);
  if (idx.length < (options.minDays ?? 1)) return null;
  const values = idx.map((i) => s.values[i]!);
  const n = values.length;
  const plain = values.reduce((a, b) => a + b, 0) / n;
  const sd = n > 1 ? Math.sqrt(values.reduce((a, v) => a + (v - plain) ** 2, 0) / (n - 1)) : Math.abs(plain);
  let mean = plain;
  if (s.numerators && s.denominators) {
    let num = 0;
    let den = 0;
    for (const i of idx) {
      num += s.numerators[i] ?? 0;
      den += s.denominators[i] ?? 0;
    }
    if (den > 0) mean = num / den;
  }
  return { mean, se: sd / Math.sqrt(n), days: n };
}

/** The period's total (an additive metric's sum, a ratio's parts' ratio) over [from, to], with its known days. */
export function totalOver(
  s: DaySeries,
  metric: string,
  from: string,
  to: string,
): { value: number; days: number } | null {
  const idx = daysIn(s, from, to);
  if (idx.length === 0) return null;
  if (findMetric(metric)?.kind === "ratio" && s.numerators && s.denominators) {
    let num = 0;
    let den = 0;
    for (const i of idx) {
      num += s.numerators[i] ?? 0;
      den += s.denominators[i] ?? 0;
    }
    return den > 0 ? { value: num / den, days: idx.length } : null;
  }
  if (findMetric(metric)?.kind !== "additive") return null;
  return { value: idx.reduce((a, i) => a + s.values[i]!, 0), days: idx.length };
}

/** The same series with `days` unknown (the report's tracking gaps). */
export function withUnknownDays(s: DaySeries, days: ReadonlySet<string>): DaySeries {
  if (days.size === 0) return s;
  const blank = <T>(xs: readonly (T | null)[] | undefined) => xs?.map((v, i) => (days.has(dateAt(s, i)) ? null : v));
  return {
    from: s.from,
    values: blank(s.values)!,
    numerators: blank(s.numerators),
    denominators: blank(s.denominators),
  };
}

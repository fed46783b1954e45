import type { Dimension } from "@/lib/insights/metrics";
import { dateFromDayNumber, dateRange, dayNumber } from "@/lib/dates";
import type { DailyPoint } from "../types";
import { PARTS, PART_INDEX, type PartKey, type PartValues } from "./parts";

// Daily values of the segments the engine watches (one dimension value of one source), loaded
// for the watch window only (load-segment-daily.ts): the period plus enough days before it for a
// seasonal baseline and a level before any shift.

export interface SegmentDailySeries {
  sourceId: string;
  dimension: Dimension;
  value: string;
  /** Watched in its volume and the primary KPI only (pick-watched-segments.ts). */
  narrow?: boolean;
  /** Watched for level shifts of its volume only (pick-watched-segments.ts). */
  tail?: boolean;
  /**
   * date → one value per part (PARTS order; `users` is always null: it does not add up). A loaded
   * report's are `DenseSegmentDays`; generated projects and tests pass a Map.
   */
  days: ReadonlyMap<string, PartValues>;
}

/** A watched segment's days, always built here, in one shape (as `sourceDaily` in project-data.ts, and why). */
export function segmentDailySeries(s: SegmentDailySeries): SegmentDailySeries {
  return { sourceId: s.sourceId, dimension: s.dimension, value: s.value, narrow: s.narrow, tail: s.tail, days: s.days };
}

export interface SegmentDaily {
  /** First and last day loaded (the watch window). */
  from: string;
  to: string;
  series: SegmentDailySeries[];
  /**
   * Tail segments the screen left unread (pick-watched-segments.ts): each counts as one level-shift test that found
   * nothing, so the report's multiplicity is that of testing them all.
   */
  untestedShifts?: number;
}

/** Parts the segment watch reads (additive ones, and the weighted position for the average position); the others are
 * not loaded. */
export const WATCHED_PARTS: readonly PartKey[] = [
  "sessions",
  "engagedSessions",
  "conversions",
  "leads",
  "transactions",
  "revenue",
  "impressions",
  "clicks",
  "cost",
  "positionWeighted",
];

/** Days read as unknown: tracking gaps, and days outside what the segment's source imported. */
export interface DayFilter {
  has(date: string): boolean;
}

/**
 * One part of a segment as a daily series over [from, to]. A day without a row is 0 (the segment
 * had no activity that day); days in `excluded` (tracking gaps, days before the source's first
 * import) are null, so no detector fits or judges them.
 */
export function segmentSeries(
  s: SegmentDailySeries,
  part: PartKey,
  from: string,
  to: string,
  excluded?: DayFilter,
): DailyPoint[] {
  const i = PART_INDEX[part];
  const dates = datesOf(from, to);
  const out: DailyPoint[] = new Array(dates.length);
  const dense = s.days instanceof DenseSegmentDays ? s.days : null;
  const offset = dense ? dayNumber(from) - dense.first : 0;
  for (let k = 0; k < dates.length; k++) {
    const date = dates[k];
    const value = dense ? dense.valueAt(i, k + offset) : (s.days.get(date)?.[i] ?? 0);
    out[k] = { date, value: excluded?.has(date) ? null : value };
  }
  return out;
}

/**
 * One part of a segment over [from, to] as `segmentSeries` reads it, as numbers (NaN for its null days) beside the
 * shared dates: the frozen-run rule reads every watched segment's every additive metric (audit/unknown-days.ts), and
 * a point object and a date index for each of their days were most of its time.
 */
export function segmentValues(
  s: SegmentDailySeries,
  part: PartKey,
  from: string,
  to: string,
  excluded?: DayFilter,
): { dates: readonly string[]; values: Float64Array } {
  const i = PART_INDEX[part];
  const dates = datesOf(from, to);
  const values = new Float64Array(dates.length);
  const dense = s.days instanceof DenseSegmentDays ? s.days : null;
  const offset = dense ? dayNumber(from) - dense.first : 0;
  for (let k = 0; k < dates.length; k++) {
    const date = dates[k];
    if (excluded?.has(date)) values[k] = NaN;
    else values[k] = dense ? dense.valueAt(i, k + offset) : (s.days.get(date)?.[i] ?? 0);
  }
  return { dates, values };
}

/** The dates of the last range asked for: a report asks for the same range for each of its thousands of series. */
let lastRange: { from: string; to: string; dates: readonly string[] } = { from: "", to: "", dates: [] };
function datesOf(from: string, to: string): readonly string[] {
  if (lastRange.from !== from || lastRange.to !== to) lastRange = { from, to, dates: dateRange(from, to) };
  return lastRange.dates;
}

/**
 * A segment's days as the loader reads them (load-segment-daily.ts): one array per part over the
 * loaded window, so a report's 30,000 (segment, day) values are a few hundred arrays rather than a
 * Map entry and an array each, which the worker's garbage collector had to copy and sweep (a third
 * of the read's Node time). Read as the Map it stands for; `segmentSeries` reads the arrays.
 */
export class DenseSegmentDays implements ReadonlyMap<string, PartValues> {
  /** The day number (lib/dates) of index 0. */
  readonly first: number;
  private readonly present: Uint8Array;
  readonly size: number;

  /**
   * @param from the first day of the arrays
   * @param present 1 for each day the segment has a row
   * @param parts per part (PARTS order): its value each day, NaN where the row has none; undefined: no row has one
   */
  constructor(
    from: string,
    present: Uint8Array,
    private readonly parts: readonly (Float64Array | undefined)[],
  ) {
    this.first = dayNumber(from);
    this.present = present;
    let size = 0;
    for (let k = 0; k < present.length; k++) size += present[k];
    this.size = size;
  }

  /** The same days as a Map holds them, over [from, to] (days outside are left out): for generated projects. */
  static fromMap(days: ReadonlyMap<string, PartValues>, from: string, to: string): DenseSegmentDays {
    const first = dayNumber(from);
    const length = Math.max(0, dayNumber(to) - first + 1);
    const present = new Uint8Array(length);
    const parts: (Float64Array | undefined)[] = PARTS.map(() => undefined);
    for (const [date, values] of days) {
      const k = dayNumber(date) - first;
      if (k < 0 || k >= length) continue;
      present[k] = 1;
      values.forEach((v, i) => {
        if (v === null) return;
        (parts[i] ??= new Float64Array(length).fill(NaN))[k] = v;
      });
    }
    return new DenseSegmentDays(from, present, parts);
  }

  /** Part `part`'s value on day index `k` as a series reads it: 0 without a row or a value. */
  valueAt(part: number, k: number): number {
    if (k < 0 || k >= this.present.length) return 0;
    const v = this.parts[part]?.[k];
    return v === undefined || Number.isNaN(v) ? 0 : v;
  }

  get(date: string): PartValues | undefined {
    const k = dayNumber(date) - this.first;
    if (!(k >= 0 && k < this.present.length) || this.present[k] === 0) return undefined;
    return PARTS.map((_, i) => {
      const v = this.parts[i]?.[k];
      return v === undefined || Number.isNaN(v) ? null : v;
    });
  }

  has(date: string): boolean {
    const k = dayNumber(date) - this.first;
    return k >= 0 && k < this.present.length && this.present[k] === 1;
  }

  *entries(): MapIterator<[string, PartValues]> {
    for (let k = 0; k < this.present.length; k++) {
      if (this.present[k] === 0) continue;
      const date = dateFromDayNumber(this.first + k);
      yield [date, this.get(date)!];
    }
  }

  *keys(): MapIterator<string> {
    for (const [date] of this.entries()) yield date;
  }

  *values(): MapIterator<PartValues> {
    for (const [, values] of this.entries()) yield values;
  }

  forEach(callback: (value: PartValues, key: string, map: ReadonlyMap<string, PartValues>) => void): void {
    for (const [date, values] of this.entries()) callback(values, date, this);
  }

  [Symbol.iterator](): MapIterator<[string, PartValues]> {
    return this.entries();
  }
}

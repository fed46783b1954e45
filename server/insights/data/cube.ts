import { addDays, dayNumber } from "@/lib/dates";
import type { Grain } from "@/lib/insights/finding";
import { metricDefinition, type Dimension, type MetricDefinition } from "@/lib/insights/metrics";
import { PART_INDEX, type PartKey, type PartValues } from "./parts";
import { metricParts, type ProjectData } from "./project-data";
import { SourceDays } from "./source-days";
import {
  segmentSeries,
  segmentValues,
  WATCHED_PARTS,
  type SegmentDaily,
  type SegmentDailySeries,
} from "./segment-daily";

// The metric cube: every series a report judges, typed the one way (source × dimension × value × metric × grain),
// each a run of periods of its source's grain with its unknown periods marked (NaN). Built from what the loaders
// read (load-report-input.ts: the per-source totals and the watched segments' days); the engine reads no database.

/** How a metric's values scatter, which picks its noise model (model/noise.ts). */
export type Family = "count" | "amount" | "rate" | "ratio";

export interface SeriesKey {
  sourceId: string;
  /** null: the metric's total over the source. */
  dimension: Dimension | null;
  value: string | null;
  metric: string;
}

export interface CubeSeries extends SeriesKey {
  grain: Grain;
  family: Family;
  /** Each period's first day, oldest first, one per period of the grain and none missing. */
  dates: readonly string[];
  /** The metric each period; NaN where unknown (before the source's first row, after its last, a gap, a frozen run). */
  values: Float64Array;
  /** A ratio's denominator each period (what its noise shrinks with); null for additive metrics. */
  weights: Float64Array | null;
}

/** The family of a metric: a count, an amount of money, a rate of a count (a share), or another ratio. */
export function familyOf(metric: MetricDefinition | string): Family {
  const m = typeof metric === "string" ? metricDefinition(metric) : metric;
  if (m.kind !== "ratio") return m.unit === "currency" ? "amount" : "count";
  return m.unit === "percent" ? "rate" : "ratio";
}

/** The dates of a run of periods of `grain` from `from` to `to` (both period starts). */
export function periodDates(from: string, to: string, grain: Grain): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = nextPeriod(d, grain)) out.push(d);
  return out;
}

/** The start of the period after the one starting on `date`. */
export function nextPeriod(date: string, grain: Grain): string {
  if (grain === "day") return addDays(date, 1);
  if (grain === "week") return addDays(date, 7);
  const [y, m] = date.split("-").map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
}

/** The first period start of `grain` on or after `date`, counting from a period that starts on `anchor`. */
export function firstPeriodFrom(date: string, anchor: string, grain: Grain): string {
  if (grain === "day") return date;
  if (grain === "month") return date.slice(8) === "01" ? date : nextPeriod(`${date.slice(0, 7)}-01`, "month");
  const offset = (((dayNumber(date) - dayNumber(anchor)) % 7) + 7) % 7;
  return offset === 0 ? date : addDays(date, 7 - offset);
}

/** A series' values from rows keyed by period start, NaN outside [first, last] known, 0 inside for a row missing. */
function fill(
  dates: readonly string[],
  read: (date: string) => { value: number | null; weight: number | null } | undefined,
  known: (date: string) => boolean,
  ratio: boolean,
): { values: Float64Array; weights: Float64Array | null } {
  const values = new Float64Array(dates.length);
  const weights = ratio ? new Float64Array(dates.length) : null;
  dates.forEach((date, i) => {
    if (!known(date)) {
      values[i] = NaN;
      return;
    }
    const row = read(date);
    if (ratio) {
      const w = row?.weight ?? 0;
      weights![i] = w;
      values[i] = w !== 0 && row?.value !== null && row?.value !== undefined ? row.value : NaN;
    } else values[i] = row?.value ?? 0;
  });
  return { values, weights };
}

/** The value of a metric from one row of parts: a ratio recomputed from its numerator and denominator. */
function fromParts(
  def: MetricDefinition,
  row: PartValues | undefined,
): { value: number | null; weight: number | null } {
  const parts = metricParts(def);
  if (!row) return { value: null, weight: null };
  if (def.kind !== "ratio") return { value: row[PART_INDEX[parts[0]]], weight: null };
  const num = row[PART_INDEX[parts[0]]];
  const den = row[PART_INDEX[parts[1]]];
  return { value: num !== null && den ? num / den : null, weight: den };
}

export interface CubeOptions {
  /** Each source's grain (data_sources.grain); a source not listed is daily. */
  grains?: Readonly<Record<string, Grain>>;
  /** Each source's days read as unknown (tracking gaps, frozen runs the audit found in its data). */
  unknown?: SourceDays;
}

/**
 * The cube over a report's loaded data: the totals of each metric from the source it is read from (one source per
 * metric, so nothing is counted twice: ProjectData.sourceFor), and the watched segments' series.
 */
export class MetricCube {
  constructor(
    readonly data: ProjectData,
    readonly segmentDaily: SegmentDaily,
    private readonly options: CubeOptions = {},
  ) {}

  grainOf(sourceId: string): Grain {
    return this.options.grains?.[sourceId] ?? "day";
  }

  /** The same cube with more days read as unknown, each in its source's series. */
  withUnknown(days: SourceDays): MetricCube {
    const unknown = (this.options.unknown ?? SourceDays.none).with(days);
    return new MetricCube(this.data.excluding(unknown), this.segmentDaily, { ...this.options, unknown });
  }

  /** A metric's total from its source over the report's whole window, or null when no source has it. */
  total(metric: string, sourceId?: string | null): CubeSeries | null {
    const def = metricDefinition(metric);
    const source = sourceId ?? this.data.sourceFor(metricParts(def));
    const entry = source ? this.data.sources.find((s) => s.sourceId === source) : undefined;
    if (!entry || entry.days.size === 0) return null;
    const grain = this.grainOf(entry.sourceId);
    const rows = [...entry.days.keys()].sort();
    const w = this.data.window;
    const first = firstPeriodFrom(w.historyStart, rows[0], grain);
    const dates = periodDates(first, w.periodEnd, grain);
    const unknown = (this.options.unknown ?? SourceDays.none).of(entry.sourceId);
    const known = (d: string) => d >= rows[0] && d <= rows[rows.length - 1] && !unknown.has(d);
    const { values, weights } = fill(dates, (d) => fromParts(def, entry.days.get(d)), known, def.kind === "ratio");
    const key = { sourceId: entry.sourceId, dimension: null, value: null, metric };
    return { ...key, grain, family: familyOf(def), dates, values, weights };
  }

  /** A watched segment's series of `metric` (null when the segment's days lack a part of it). */
  segment(s: SegmentDailySeries, metric: string): CubeSeries | null {
    const def = metricDefinition(metric);
    const parts = metricParts(def);
    if (!parts.every((p) => WATCHED_PARTS.includes(p as PartKey))) return null;
    const grain = this.grainOf(s.sourceId);
    const { from, to } = this.segmentDaily;
    const unknown = this.data.unknownDays(s.sourceId, this.options.unknown ?? SourceDays.none);
    const key = { sourceId: s.sourceId, dimension: s.dimension, value: s.value, metric };
    if (def.kind !== "ratio" && grain === "day") {
      // One part, every day: its values as read, unknown days NaN (what `fill` makes of them below, without a point
      // and an index entry a day).
      const { dates, values } = segmentValues(s, parts[0] as PartKey, from, to, unknown);
      return { ...key, grain, family: familyOf(def), dates, values, weights: null };
    }
    const day = (part: PartKey) => segmentSeries(s, part, from, to, unknown);
    const [num, den] = parts.map((p) => day(p as PartKey));
    const dates = num.map((p) => p.date).filter((d) => grain === "day" || s.days.has(d));
    const index = new Map(num.map((p, i) => [p.date, i]));
    const read = (d: string) => {
      const i = index.get(d)!;
      const n = num[i].value;
      if (def.kind !== "ratio") return { value: n, weight: null };
      const w = den[i].value;
      return { value: n !== null && w ? n / w : null, weight: w };
    };
    const known = (d: string) => num[index.get(d)!].value !== null;
    const { values, weights } = fill(dates, read, known, def.kind === "ratio");
    return { ...key, grain, family: familyOf(def), dates, values, weights };
  }
}

/** The index of the first period of a series on or after `date` (its length when none). */
export function indexFrom(series: Pick<CubeSeries, "dates">, date: string): number {
  const i = series.dates.findIndex((d) => d >= date);
  return i === -1 ? series.dates.length : i;
}

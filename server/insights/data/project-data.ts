import { metricDefinition, type Dimension, type MetricDefinition } from "@/lib/insights/metrics";
import { addDays, dayNumber, daysBetween } from "@/lib/dates";
import { pickSource } from "@/lib/insights/pick-source";
import type { DailyPoint } from "../types";
import { PART_INDEX, PARTS, type PartKey, type PartValues } from "./parts";
import type { ReportWindow } from "./window";
import type { AnalyticsSeam } from "./analytics-seam";
import type { DayFilter } from "./segment-daily";
import { SourceDays } from "./source-days";
import { estimatePeriodTotal } from "@/lib/insights/period-estimate";

export interface SourceDaily {
  sourceId: string;
  /** date → one value per part (PARTS order). */
  days: Map<string, PartValues>;
  /** The source's last day with data, also past the window (unknown: its last day in `days`). */
  lastImported?: string;
}

/**
 * A source's daily totals, always built here, in one shape: the engine's hot code is compiled for the object layout it
 * meets first (the worker's warm-up, on generated projects), and a report's objects in another layout sent it back to
 * the interpreter (each fresh worker's first report).
 */
export function sourceDaily(sourceId: string, days: Map<string, PartValues>, lastImported?: string): SourceDaily {
  return { sourceId, days, lastImported };
}

export interface SegmentRow {
  sourceId: string;
  dimension: Dimension;
  /** null: rows of this source without the dimension in their grain. */
  value: string | null;
  current: boolean;
  combos: number;
  values: PartValues;
}

export interface Segment {
  value: string;
  current: PartValues | null;
  baseline: PartValues | null;
}

/** The parts a metric is computed from: the numerator and denominator of a ratio. */
export function metricParts(metric: MetricDefinition | string): PartKey[] {
  const m = typeof metric === "string" ? metricDefinition(metric) : metric;
  if (m.kind !== "ratio") return [m.key];
  return [m.numerator as PartKey, m.denominator as PartKey];
}

/**
 * A project's data for one report window, already aggregated by PostgreSQL (load-project-data.ts),
 * with the provenance rule: several sources may carry the same metric (an analytics export and
 * an ads export both have `clicks`); each metric is read from ONE source — the one with the most
 * days of it — so nothing is counted twice. A ratio reads numerator and denominator from the same
 * source, and a breakdown by a dimension from a source whose grain has that dimension.
 */
export class ProjectData {
  /** sourceId → days with a value, per part. */
  private readonly partDays = new Map<string, number[]>();
  private readonly firstDay = new Map<string, string>();
  private readonly lastDay = new Map<string, string>();
  /** sourceId|dimension → segments (only when every row of both periods has the dimension). */
  private readonly segmentIndex = new Map<string, Segment[]>();
  /** Each source's days read as unknown (tracking gaps found by the audit): neither fitted nor judged. */
  private excluded: SourceDays = SourceDays.none;
  /** sourceId|dimension → its segments with the periods' unknown days estimated (segments()); per excluded set. */
  private estimatedSegments = new Map<string, Segment[]>();
  /** sourceId|from → unknownDayFactors' answer, per excluded set. */
  private dayFactors = new Map<string, number[] | null>();
  /** sourceId → its paid campaigns' days (load-paid-campaign-days.ts), when the loader read them. */
  private readonly paidDays = new Map<string, ReadonlyMap<string, PartValues>>();
  /**
   * The Universal Analytics → GA4 seams the loader stitched (analytics-seam.ts): each GA4 source's days before its
   * first day are its UA source's. The engine tells the switch once and no finding of the switch itself.
   */
  seams: readonly AnalyticsSeam[] = [];

  /** `copyOf`: `excluding`'s copy, which shares the data's days and segments and reads `excluded` as unknown. */
  constructor(
    readonly window: ReportWindow,
    readonly sources: SourceDaily[],
    segmentRows: SegmentRow[],
    readonly loadedDimensions: readonly Dimension[],
    copyOf?: { data: ProjectData; excluded: SourceDays },
  ) {
    if (copyOf) {
      this.partDays = copyOf.data.partDays;
      this.firstDay = copyOf.data.firstDay;
      this.lastDay = copyOf.data.lastDay;
      this.segmentIndex = copyOf.data.segmentIndex;
      this.paidDays = copyOf.data.paidDays;
      this.seams = copyOf.data.seams;
      this.excluded = copyOf.excluded;
      return;
    }
    for (const s of sources) {
      const counts = PARTS.map(() => 0);
      let first = "9999-12-31";
      let last = "0000-01-01";
      for (const [date, values] of s.days) {
        values.forEach((v, i) => {
          if (v !== null) counts[i]++;
        });
        if (date < first) first = date;
        if (date > last) last = date;
      }
      this.partDays.set(s.sourceId, counts);
      this.firstDay.set(s.sourceId, first);
      this.lastDay.set(s.sourceId, last);
    }
    const grouped = new Map<string, { rows: SegmentRow[]; ungrained: boolean }>();
    for (const row of segmentRows) {
      const key = `${row.sourceId}|${row.dimension}`;
      let g = grouped.get(key);
      if (!g) grouped.set(key, (g = { rows: [], ungrained: false }));
      if (row.value === null) g.ungrained = true;
      else g.rows.push(row);
    }
    for (const [key, g] of grouped) {
      // A dimension missing from part of the rows (another grain on some days) cannot split the
      // totals of both periods the same way: that source is not used for this dimension.
      if (g.ungrained || g.rows.length === 0) continue;
      const byValue = new Map<string, Segment>();
      for (const row of g.rows) {
        let seg = byValue.get(row.value!);
        if (!seg) byValue.set(row.value!, (seg = { value: row.value!, current: null, baseline: null }));
        if (row.current) seg.current = row.values;
        else seg.baseline = row.values;
      }
      this.segmentIndex.set(key, [...byValue.values()]);
    }
  }

  /**
   * The project's data from each source's own (built from that source's daily totals and segment
   * rows alone, as the loader reads them side by side): their segments are taken over, not grouped
   * again. `sources` are all the sources' daily totals, in the order the whole data lists them.
   */
  static combine(
    window: ReportWindow,
    sources: SourceDaily[],
    parts: readonly ProjectData[],
    loadedDimensions: readonly Dimension[],
  ): ProjectData {
    const data = new ProjectData(window, sources, [], loadedDimensions);
    for (const part of parts) for (const [key, segments] of part.segmentIndex) data.segmentIndex.set(key, segments);
    return data;
  }

  /** The same data with each source's `days` read as unknown (null) by series() and left out of total(). */
  excluding(days: SourceDays): ProjectData {
    // A ProjectData built by the constructor, not an object whose prototype is this one: each of those had a layout
    // of its own (a layout names its prototype), so the engine's compiled code met a new one in every report.
    return new ProjectData(this.window, this.sources, [], this.loadedDimensions, { data: this, excluded: days });
  }

  private days(sourceId: string, part: PartKey): number {
    return this.partDays.get(sourceId)?.[PART_INDEX[part]] ?? 0;
  }

  /** The source to read `parts` from (and split by `dimension`): see pickSource, over the scarcest part's days. */
  sourceFor(parts: readonly PartKey[], dimension?: Dimension): string | null {
    return pickSource(
      this.sources
        .filter((s) => !dimension || this.segmentIndex.has(`${s.sourceId}|${dimension}`))
        .map((s) => ({
          sourceId: s.sourceId,
          days: Math.min(...parts.map((p) => this.days(s.sourceId, p))),
          seesSite: this.days(s.sourceId, "sessions") > 0,
        })),
    );
  }

  /** Whether `sourceId` holds `part` on any day. */
  hasPart(part: PartKey, sourceId: string): boolean {
    return this.days(sourceId, part) > 0;
  }

  hasMetric(metric: string): boolean {
    return this.sourceFor(metricParts(metric)) !== null;
  }

  hasDimension(dimension: Dimension): boolean {
    return this.sources.some((s) => this.segmentIndex.has(`${s.sourceId}|${dimension}`));
  }

  /**
   * The days a period's change is tested on (detectors/period-change.ts): the metric's daily series, a ratio's days
   * each weighted by its denominator that day, both read from the one source the ratio comes from.
   */
  weightedSeries(
    metric: string,
    from: string,
    to: string,
    sourceId?: string | null,
  ): (DailyPoint & { weight?: number })[] {
    const def = metricDefinition(metric);
    const source = sourceId ?? this.sourceFor(metricParts(def));
    const series = this.series(metric, from, to, source);
    if (def.kind !== "ratio") return series;
    const weights = this.series(def.denominator, from, to, source);
    return series.map((p, i) => ({ ...p, weight: weights[i].value ?? 0 }));
  }

  hasPaidCampaignDays(sourceId: string): boolean {
    return this.paidDays.has(sourceId);
  }

  /** Keeps a source's paid campaigns' days (the loader's), for `paidWeightedSeries`. */
  setPaidCampaignDays(sourceId: string, days: ReadonlyMap<string, PartValues>): void {
    this.paidDays.set(sourceId, days);
  }

  /**
   * `weightedSeries` over a source's paid campaigns alone (campaigns with ad cost, never (direct) or an email tag),
   * what an ad metric broken down by campaign reports; null when the loader did not read them (every campaign of
   * the source is paid, or the data was not loaded from the store). Days outside the source's imported range and
   * excluded days are unknown; a day without a paid campaign's row had none of their activity.
   */
  paidWeightedSeries(
    metric: string,
    from: string,
    to: string,
    sourceId: string,
  ): (DailyPoint & { weight?: number })[] | null {
    const days = this.paidDays.get(sourceId);
    if (!days) return null;
    const def = metricDefinition(metric);
    const [numerator, denominator] = metricParts(def).map((p) => PART_INDEX[p]);
    const first = this.firstDay.get(sourceId)!;
    const last = this.lastDay.get(sourceId)!;
    const out: (DailyPoint & { weight?: number })[] = [];
    const excluded = this.excluded.of(sourceId);
    for (let date = from; date <= to; date = addDays(date, 1)) {
      if (date < first || date > last || excluded.has(date)) {
        out.push(def.kind === "ratio" ? { date, value: null, weight: 0 } : { date, value: null });
        continue;
      }
      const row = days.get(date);
      const num = row?.[numerator] ?? 0;
      if (def.kind !== "ratio") {
        out.push({ date, value: num });
        continue;
      }
      const den = row?.[denominator] ?? 0;
      out.push({ date, value: den !== 0 ? num / den : null, weight: den });
    }
    return out;
  }

  /**
   * The daily series of a metric from its source over [from, to]: a ratio is recomputed per day
   * from its parts. Days the source has no row for are 0 between its first and last day (no
   * activity, or a tracking gap the audit reports) and null outside them (not imported).
   */
  series(metric: string, from: string, to: string, sourceId?: string | null): DailyPoint[] {
    const def = metricDefinition(metric);
    const parts = metricParts(def);
    const source = sourceId ?? this.sourceFor(parts);
    const n = daysBetween(from, to);
    const out: DailyPoint[] = new Array(n);
    const entry = this.sources.find((s) => s.sourceId === source);
    const first = source ? this.firstDay.get(source)! : "";
    const last = source ? this.lastDay.get(source)! : "";
    const excluded = this.excluded.of(source);
    let date = from;
    for (let i = 0; i < n; i++, date = addDays(date, 1)) {
      let value: number | null = null;
      if (entry && date >= first && date <= last && !excluded.has(date)) {
        const row = entry.days.get(date);
        if (def.kind === "ratio") {
          const num = row ? row[PART_INDEX[parts[0]]] : 0;
          const den = row ? row[PART_INDEX[parts[1]]] : 0;
          value = num !== null && den !== null && den !== 0 ? num / den : null;
        } else {
          value = row ? row[PART_INDEX[parts[0]]] : 0;
        }
      }
      out[i] = { date, value };
    }
    return out;
  }

  /** Sum of a part over [from, to] from one source (null when it has no value there). */
  total(part: PartKey, from: string, to: string, sourceId?: string | null): number | null {
    const source = sourceId ?? this.sourceFor([part]);
    const entry = this.sources.find((s) => s.sourceId === source);
    if (!entry) return null;
    let sum = 0;
    let any = false;
    const i = PART_INDEX[part];
    const excluded = this.excluded.of(entry.sourceId);
    // forEach, not for-of: a for-of over a Map allocates an entry pair per day, and this runs a few
    // hundred times a report over up to two years of days (5.6 of a report's 88 MB allocated).
    entry.days.forEach((values, date) => {
      if (date < from || date > to || values[i] === null || excluded.has(date)) return;
      sum += values[i]!;
      any = true;
    });
    return any ? sum : null;
  }

  /** Current and comparison totals of a metric, its value recomputed from summed parts. */
  periodTotals(metric: string, sourceId?: string | null): { current: number | null; baseline: number | null } {
    const def = metricDefinition(metric);
    const parts = metricParts(def);
    const source = sourceId ?? this.sourceFor(parts);
    const w = this.window;
    const value = (from: string, to: string) => {
      const num = this.total(parts[0], from, to, source);
      if (def.kind !== "ratio") return num;
      const den = this.total(parts[1], from, to, source);
      return num !== null && den ? num / den : null;
    };
    return { current: value(w.periodStart, w.periodEnd), baseline: value(w.comparisonStart, w.comparisonEnd) };
  }

  /** Per-value totals of `dimension` for the parts of `metric`, from one source whose grain has it. */
  segments(metric: string, dimension: Dimension): { sourceId: string; segments: Segment[] } | null {
    const parts = metricParts(metric);
    // Prefer the metric's own source when it can be split by the dimension.
    const own = this.sourceFor(parts);
    const sourceId = own && this.segmentIndex.has(`${own}|${dimension}`) ? own : this.sourceFor(parts, dimension);
    if (!sourceId) return null;
    return { sourceId, segments: this.withUnknownDaysEstimated(sourceId, dimension) };
  }

  /**
   * A source's per-value totals, each part scaled in each period by the period's estimated total over its loaded
   * total, when the period has days without data (excluded, or not imported): the per-value totals hold what those
   * days recorded (an outage's few sessions, or nothing), and compared as they are, a two-day outage reads as a
   * fall of every segment. The days' values are estimated as the total's (period-estimate.ts) and shared out by
   * each value's share of the period, so the values still add up to the total the period's test reports.
   */
  private withUnknownDaysEstimated(sourceId: string, dimension: Dimension): Segment[] {
    const key = `${sourceId}|${dimension}`;
    const loaded = this.segmentIndex.get(key) ?? [];
    const cached = this.estimatedSegments.get(key);
    if (cached) return cached;
    const w = this.window;
    const current = this.unknownDayFactors(sourceId, w.periodStart, w.periodEnd);
    const baseline = this.unknownDayFactors(sourceId, w.comparisonStart, w.comparisonEnd);
    const scale = (values: PartValues | null, factors: number[] | null) =>
      values && factors ? values.map((v, i) => (v === null ? null : v * factors[i])) : values;
    const segments =
      current || baseline
        ? loaded.map((s) => ({
            value: s.value,
            current: scale(s.current, current),
            baseline: scale(s.baseline, baseline),
          }))
        : loaded;
    this.estimatedSegments.set(key, segments);
    return segments;
  }

  /** Per part: the period's estimated total over its loaded total; null when every day of [from, to] is known. */
  private unknownDayFactors(sourceId: string, from: string, to: string): number[] | null {
    const key = `${sourceId}|${from}`;
    if (!this.dayFactors.has(key)) this.dayFactors.set(key, this.computeDayFactors(sourceId, from, to));
    return this.dayFactors.get(key)!;
  }

  private computeDayFactors(sourceId: string, from: string, to: string): number[] | null {
    const entry = this.sources.find((s) => s.sourceId === sourceId);
    const first = this.firstDay.get(sourceId);
    const last = this.lastDay.get(sourceId);
    if (!entry || first === undefined || last === undefined) return null;
    const excluded = this.excluded.of(sourceId);
    const unknown = (date: string) => date < first || date > last || excluded.has(date);
    if (from >= first && to <= last && ![...excluded].some((d) => d >= from && d <= to)) return null;
    return PARTS.map((_, i) => {
      const points = [];
      let loaded = 0;
      for (let date = from; date <= to; date = addDays(date, 1)) {
        const v = entry.days.get(date)?.[i] ?? null;
        loaded += v ?? 0;
        points.push({ date, value: unknown(date) ? null : (v ?? 0) });
      }
      // Nothing to estimate from (every day unknown): the loaded totals, as they are.
      const estimate = estimatePeriodTotal(points);
      return loaded > 0 && estimate.estimatedDays.length > 0 ? estimate.total / loaded : 1;
    });
  }

  /** The per-value period totals of one source's split by `dimension` (empty when it cannot split). */
  sourceSegments(sourceId: string, dimension: Dimension): readonly Segment[] {
    return this.segmentIndex.get(`${sourceId}|${dimension}`) ?? [];
  }

  /** Every value of a dimension seen in the current period, with its parts summed over sources (audit). */
  dimensionValues(dimension: Dimension): { value: string; sourceId: string; current: PartValues | null }[] {
    const out: { value: string; sourceId: string; current: PartValues | null }[] = [];
    for (const s of this.sources) {
      for (const seg of this.segmentIndex.get(`${s.sourceId}|${dimension}`) ?? [])
        out.push({ value: seg.value, sourceId: s.sourceId, current: seg.current });
    }
    return out;
  }

  /**
   * Days the segments of `sourceId` are unknown on: the source's excluded days (tracking gaps) and the days before
   * the source's first imported day or after its last (a segment without a row there was not imported, not at 0).
   */
  unknownDays(sourceId: string, excluded: SourceDays): DayFilter {
    const first = this.firstDay.get(sourceId);
    const last = this.lastDay.get(sourceId);
    if (first === undefined || last === undefined) return { has: () => true };
    const own = excluded.of(sourceId);
    return { has: (date) => date < first || date > last || own.has(date) };
  }

  /**
   * The last day of the data `metric` is read from (or of `sourceId`), when that is the source's last day of all (an
   * export's end, which may hold part of a day) and not before `from`; null otherwise.
   */
  dataEnd(metric: string, from: string, sourceId?: string | null): string | null {
    const source = sourceId ?? this.sourceFor(metricParts(metric));
    const entry = source ? this.sources.find((s) => s.sourceId === source) : undefined;
    const last = source ? this.lastDay.get(source) : undefined;
    if (!entry || last === undefined || last < from) return null;
    return (entry.lastImported ?? last) === last ? last : null;
  }

  /** How many days of [from, to] the source of `metric` had imported (from its first to its last day). */
  importedDays(metric: string, from: string, to: string): number {
    const source = this.sourceFor(metricParts(metricDefinition(metric)));
    if (!source || !this.firstDay.has(source)) return 0;
    const first = this.firstDay.get(source)! > from ? this.firstDay.get(source)! : from;
    const last = this.lastDay.get(source)! < to ? this.lastDay.get(source)! : to;
    return first > last ? 0 : daysBetween(first, last);
  }

  /** Days since the first day any source has data, up to the period end. */
  historyDays(): number {
    let first: string | null = null;
    for (const d of this.firstDay.values()) if (first === null || d < first) first = d;
    return first === null ? 0 : dayNumber(this.window.periodEnd) - dayNumber(first) + 1;
  }
}

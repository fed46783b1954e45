import type { DayFilter } from "./segment-daily";

// The days a report reads as unknown, per source: a tracking gap, a cut-short last row or a frozen run is a fault of
// one source's data (a GA4 tag, a weekly store export taken mid-week), so only the metrics read from that source leave
// those days out. A Search Console source beside a weekly Shopify upload keeps its own day of the store's cut-short
// last week.

const EMPTY: ReadonlySet<string> = new Set();

export class SourceDays {
  private constructor(private readonly bySource: ReadonlyMap<string, ReadonlySet<string>>) {}

  static readonly none = new SourceDays(new Map());

  /** Each source's unknown days (a source left out has none). */
  static of(bySource: ReadonlyMap<string, Iterable<string>>): SourceDays {
    const out = new Map<string, ReadonlySet<string>>();
    for (const [source, days] of bySource) {
      const set = new Set(days);
      if (set.size > 0) out.set(source, set);
    }
    return out.size === 0 ? SourceDays.none : new SourceDays(out);
  }

  /** The same days unknown for each of `sources` (a test's data, or a report stored with one list of days). */
  static everywhere(days: Iterable<string>, sources: Iterable<string>): SourceDays {
    const set: ReadonlySet<string> = new Set(days);
    if (set.size === 0) return SourceDays.none;
    return new SourceDays(new Map([...new Set(sources)].map((s) => [s, set])));
  }

  /** The unknown days of one source (none for a source without any, or no source). */
  of(sourceId: string | null | undefined): ReadonlySet<string> {
    return (sourceId && this.bySource.get(sourceId)) || EMPTY;
  }

  has(sourceId: string | null | undefined, date: string): boolean {
    return this.of(sourceId).has(date);
  }

  /** One source's unknown days as a filter over dates. */
  filter(sourceId: string | null | undefined): DayFilter {
    return this.of(sourceId);
  }

  get empty(): boolean {
    return this.bySource.size === 0;
  }

  /** Every day some source reads as unknown, oldest first: the report's stored list. */
  union(): string[] {
    const all = new Set<string>();
    for (const days of this.bySource.values()) for (const d of days) all.add(d);
    return [...all].sort();
  }

  /** Each source's unknown days, oldest first, the sources in id order (what a report stores per source). */
  toRecord(): Record<string, string[]> {
    const ids = [...this.bySource.keys()].sort();
    return Object.fromEntries(ids.map((id) => [id, [...this.bySource.get(id)!].sort()]));
  }

  /** These days and `other`'s, per source. */
  with(other: SourceDays): SourceDays {
    if (other.empty) return this;
    if (this.empty) return other;
    const merged = new Map<string, Set<string>>();
    for (const from of [this.bySource, other.bySource])
      for (const [source, days] of from) {
        let set = merged.get(source);
        if (!set) merged.set(source, (set = new Set()));
        for (const d of days) set.add(d);
      }
    return new SourceDays(merged);
  }
}

// SeriesData from plain rows (a file's days, a generated series): the checker's own reading of the data, with the
// app's rule that a day without a row between the first and the last is a day without activity (0).
import { addDays, daysBetween } from "@/lib/dates";
import { METRICS, findMetric } from "@/lib/insights/metrics";
import type { Segment } from "./finding-view";
import type { DaySeries, SeriesData } from "./series-data";

export interface TableRow {
  date: string;
  /** Dimension values of the row (none: a total). */
  segment?: Readonly<Record<string, string>>;
  values: Readonly<Record<string, number>>;
}

export function tableSeriesData(rows: readonly TableRow[]): SeriesData {
  if (rows.length === 0) return { series: () => null, list: () => [] };
  let first = rows[0].date;
  let last = rows[0].date;
  for (const r of rows) {
    if (r.date < first) first = r.date;
    if (r.date > last) last = r.date;
  }
  const n = daysBetween(first, last);
  // key → part → days
  const sums = new Map<string, Map<string, number[]>>();
  const add = (key: string, part: string, i: number, v: number) => {
    let parts = sums.get(key);
    if (!parts) sums.set(key, (parts = new Map()));
    let days = parts.get(part);
    if (!days) parts.set(part, (days = new Array<number>(n).fill(0)));
    days[i] += v;
  };
  for (const r of rows) {
    const i = daysBetween(first, r.date) - 1;
    for (const [part, v] of Object.entries(r.values)) {
      add("", part, i, v);
      for (const [dimension, value] of Object.entries(r.segment ?? {})) add(keyOf({ dimension, value }), part, i, v);
    }
  }
  const partDays = (key: string, part: string): number[] | null => sums.get(key)?.get(part) ?? null;
  return {
    series(metric, segment) {
      const key = segment ? keyOf(segment) : "";
      const def = findMetric(metric);
      if (!def) return null;
      if (def.kind === "ratio") {
        const num = partDays(key, def.numerator);
        const den = partDays(key, def.denominator);
        if (!num || !den) return null;
        return {
          from: first,
          values: num.map((v, i) => (den[i] !== 0 ? v / den[i] : null)),
          numerators: num,
          denominators: den,
        };
      }
      const days = partDays(key, metric);
      return days ? { from: first, values: days } : null;
    },
    list() {
      const out: { metric: string; segment: Segment | null }[] = [];
      for (const [key, parts] of sums)
        for (const part of parts.keys())
          if (findMetric(part)?.kind === "additive") out.push({ metric: part, segment: segmentOf(key) });
      return out;
    },
  };
}

const keyOf = (s: Segment) => `${s.dimension}\u0000${s.value}`;
function segmentOf(key: string): Segment | null {
  if (key === "") return null;
  const [dimension, value] = key.split("\u0000");
  return { dimension, value };
}

/** The dates of a series, for readers that want them listed. */
export const seriesDates = (s: DaySeries): string[] => s.values.map((_, i) => addDays(s.from, i));
export const ADDITIVE_METRICS = METRICS.filter((m) => m.kind === "additive").map((m) => m.key);

// SeriesData from the engine's input (server/insights/engine/types.ts EngineInput): the data a report was computed
// from as the app's loaders read it. Totals come from the source the engine reads each metric from; segments from the
// segments loaded day by day (the watch window). The report's tracking-gap days are unknown.
import { metricParts } from "../data/project-data";
import { PART_INDEX, type PartKey } from "../data/parts";
import { segmentSeries, type SegmentDailySeries } from "../data/segment-daily";
import { SourceDays } from "../data/source-days";
import type { EngineInput } from "../engine/types";
import { METRICS, findMetric } from "@/lib/insights/metrics";
import type { Segment } from "./finding-view";
import type { DaySeries, SeriesData } from "./series-data";

export function engineSeriesData(input: EngineInput, excludedDays: readonly string[] = []): SeriesData {
  const { data, segmentDaily, window } = input;
  const excluded = new Set(excludedDays);
  // The report's stored days, every source's together: each left out of every series read here.
  const unknown = SourceDays.everywhere(excluded, [
    ...data.sources.map((s) => s.sourceId),
    ...segmentDaily.series.map((s) => s.sourceId),
  ]);
  const from = window.historyStart;
  const to = window.periodEnd;
  const totals = new Map<string, (number | null)[]>();
  const totalPart = (part: string, source: string | null) => {
    const key = `${source}|${part}`;
    if (!totals.has(key)) {
      const days = data.series(part, from, to, source).map((p) => (excluded.has(p.date) ? null : p.value));
      totals.set(key, days);
    }
    return totals.get(key)!;
  };
  const segmentPart = (s: SegmentDailySeries, part: PartKey) =>
    segmentSeries(s, part, segmentDaily.from, segmentDaily.to, data.unknownDays(s.sourceId, unknown)).map(
      (p) => p.value,
    );
  const segmentsOf = (segment: Segment) =>
    segmentDaily.series.filter((s) => s.dimension === segment.dimension && s.value === segment.value);
  const hasPart = (s: SegmentDailySeries, part: PartKey) => {
    for (const v of s.days.values()) if (v[PART_INDEX[part]] !== null) return true;
    return false;
  };

  return {
    series(metric, segment) {
      const def = findMetric(metric);
      if (!def) return null;
      const parts = metricParts(def);
      if (!segment) {
        const source = data.sourceFor(parts);
        if (!source) return null;
        if (def.kind !== "ratio") return { from, values: totalPart(metric, source) };
        const values = totalPart(metric, source);
        const den = totalPart(parts[1], source);
        // A numerator stored only as a part (the position weighted by impressions) is no metric to read a series of:
        // the day's rate times its denominator.
        const num = findMetric(parts[0])
          ? totalPart(parts[0], source)
          : values.map((v, i) => (v !== null && den[i] !== null ? v * den[i]! : null));
        return { from, values, numerators: num, denominators: den };
      }
      const s = segmentsOf(segment).find((x) => parts.every((p) => hasPart(x, p as PartKey)));
      if (!s) return null;
      if (def.kind !== "ratio") return { from: segmentDaily.from, values: segmentPart(s, metric as PartKey) };
      const num = segmentPart(s, parts[0]);
      const den = segmentPart(s, parts[1]);
      const values = num.map((v, i) => (v !== null && den[i] !== null && den[i] !== 0 ? v / den[i]! : null));
      return { from: segmentDaily.from, values, numerators: num, denominators: den } satisfies DaySeries;
    },
    list() {
      const out: { metric: string; segment: Segment | null }[] = [];
      for (const m of METRICS)
        if (m.kind === "additive" && data.hasMetric(m.key)) out.push({ metric: m.key, segment: null });
      const seen = new Set<string>();
      for (const s of segmentDaily.series)
        for (const m of METRICS) {
          if (m.kind !== "additive" || !(m.key in PART_INDEX) || !hasPart(s, m.key as PartKey)) continue;
          const key = `${s.dimension}|${s.value}|${m.key}`;
          if (seen.has(key)) continue;
          seen.add(key);
          out.push({ metric: m.key, segment: { dimension: s.dimension, value: s.value } });
        }
      return out;
    },
  };
}

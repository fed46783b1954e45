import type { Dimension } from "@/lib/insights/metrics";
import { daysBetween } from "@/lib/dates";
import { PART_INDEX, type PartValues } from "./parts";
import type { ProjectData } from "./project-data";

/** Segments per (source, dimension) watched in every metric they carry: the largest by volume. */
export const MAX_WATCHED_VALUES = 10;
/**
 * Segments per (source, dimension) watched in all, the ones after the MAX_WATCHED_VALUES largest in
 * their volume (sessions, else clicks, else impressions) and the primary KPI only, for one-day
 * anomalies and level shifts alike: a spike or a lasting change in the 30th campaign is as much
 * news as in the 3rd, while its every metric would cost the report three times the work for the
 * same events seen again.
 */
export const MAX_SHIFT_WATCHED_VALUES = 30;
/** A segment needs this average volume a day (sessions, else clicks, else impressions) to be watched. */
export const MIN_DAILY_VOLUME = 20;

export interface WatchedSegment {
  sourceId: string;
  dimension: Dimension;
  value: string;
  /** Sessions (else clicks, else impressions) over the current and the comparison period. */
  volume: number;
  /** Watched in its volume and the primary KPI only (not among the MAX_WATCHED_VALUES largest). */
  narrow: boolean;
}

const VOLUME_PARTS = [PART_INDEX.sessions, PART_INDEX.clicks, PART_INDEX.impressions];

function volumeOf(values: PartValues | null): number {
  if (!values) return 0;
  for (const i of VOLUME_PARTS) if (values[i] !== null) return values[i]!;
  return 0;
}

/**
 * Chooses the segments whose days the report watches from the per-value totals it already loaded
 * (load-project-data.ts): per source and dimension, the MAX_SHIFT_WATCHED_VALUES largest by volume
 * in the larger of the two periods, each with MIN_DAILY_VOLUME a day over both; the ones after the
 * MAX_WATCHED_VALUES largest in their volume and the KPI only. Choosing here rather than
 * in the daily scan lets that scan touch only the rows of segments it will keep.
 */
export function pickWatchedSegments(data: ProjectData, dimensions: readonly Dimension[]): WatchedSegment[] {
  const w = data.window;
  const days = w.periodDays + daysBetween(w.comparisonStart, w.comparisonEnd);
  const out: WatchedSegment[] = [];
  for (const source of data.sources) {
    for (const dimension of dimensions) {
      const ranked = data
        .sourceSegments(source.sourceId, dimension)
        .map((s) => {
          const current = volumeOf(s.current);
          const baseline = volumeOf(s.baseline);
          // Ranked by its larger period: a segment that lost most of its traffic in the period is
          // watched at the size it had (ranked by both periods' sum, a campaign that halved fell
          // out of the watched values because of the very drop the watch is for).
          return { value: s.value, volume: current + baseline, size: Math.max(current, baseline) };
        })
        .filter((s) => s.volume >= MIN_DAILY_VOLUME * days)
        .sort((a, b) => b.size - a.size || (a.value < b.value ? -1 : 1))
        .slice(0, MAX_SHIFT_WATCHED_VALUES);
      ranked.forEach(({ value, volume }, rank) =>
        out.push({ sourceId: source.sourceId, dimension, value, volume, narrow: rank >= MAX_WATCHED_VALUES }),
      );
    }
  }
  return out;
}

import type { Dimension } from "@/lib/insights/metrics";
import { daysBetween } from "@/lib/dates";
import { PART_INDEX, type PartValues } from "./parts";
import type { ProjectData } from "./project-data";

/** Segments watched per (source, dimension): the largest by volume over the compared periods. */
export const MAX_WATCHED_VALUES = 10;
/** A segment needs this average volume a day (sessions, else clicks, else impressions) to be watched. */
export const MIN_DAILY_VOLUME = 20;

export interface WatchedSegment {
  sourceId: string;
  dimension: Dimension;
  value: string;
  /** Sessions (else clicks, else impressions) over the current and the comparison period. */
  volume: number;
}

const VOLUME_PARTS = [PART_INDEX.sessions, PART_INDEX.clicks, PART_INDEX.impressions];

function volumeOf(values: PartValues | null): number {
  if (!values) return 0;
  for (const i of VOLUME_PARTS) if (values[i] !== null) return values[i]!;
  return 0;
}

/**
 * Chooses the segments whose days the report watches from the per-value totals it already loaded
 * (load-project-data.ts): per source and dimension, the MAX_WATCHED_VALUES largest by volume over
 * the current and comparison periods, each with MIN_DAILY_VOLUME a day. Choosing here rather than
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
        .map((s) => ({ value: s.value, volume: volumeOf(s.current) + volumeOf(s.baseline) }))
        .filter((s) => s.volume >= MIN_DAILY_VOLUME * days)
        .sort((a, b) => b.volume - a.volume || (a.value < b.value ? -1 : 1))
        .slice(0, MAX_WATCHED_VALUES);
      for (const s of ranked) out.push({ sourceId: source.sourceId, dimension, ...s });
    }
  }
  return out;
}

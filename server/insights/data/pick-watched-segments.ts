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
/**
 * Segments per (source, dimension) watched at all: past the MAX_SHIFT_WATCHED_VALUES largest, up to this many are
 * watched for level shifts of their volume alone (one test each). A long tail of pages or queries is where a
 * client's own small page (its pricing page, a product's query) lives: a lasting loss there is news the total and
 * the largest values never show, and at one series per segment it costs the report little time and evidence.
 */
export const MAX_TAIL_WATCHED_VALUES = 100;
/**
 * A segment of the tail is read and tested only when its volume a day differs between the two periods by this many
 * standard errors (counted as Poisson) or more. A level shift in the period moves the period's volume, so the screen
 * keeps the ones the test could find and leaves out the steady majority, half the tail's reading and testing on the
 * report bench. The ones left out still count as tested in the report's multiplicity (SegmentDaily.untestedShifts):
 * to the false discovery rate a screened-out series is a test that found nothing, so the screen cannot let a noise
 * shift through that testing every series would not have.
 */
export const TAIL_SCREEN_Z = 2;
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
  /** Watched for level shifts of its volume only (not among the MAX_SHIFT_WATCHED_VALUES largest). */
  tail: boolean;
  /** A tail segment whose volume did not change enough between the periods to be read (TAIL_SCREEN_Z). */
  screenedOut?: boolean;
}

const VOLUME_PARTS = [PART_INDEX.sessions, PART_INDEX.clicks, PART_INDEX.impressions];

function volumeOf(values: PartValues | null): number {
  if (!values) return 0;
  for (const i of VOLUME_PARTS) if (values[i] !== null) return values[i]!;
  return 0;
}

/**
 * Chooses the segments whose days the report watches from the per-value totals it already loaded
 * (load-project-data.ts): per source and dimension, the MAX_TAIL_WATCHED_VALUES largest by volume
 * in the larger of the two periods, each with MIN_DAILY_VOLUME a day over both; the ones after the
 * MAX_WATCHED_VALUES largest in their volume and the KPI only, the ones after the MAX_SHIFT_WATCHED_VALUES
 * largest for level shifts of their volume only. Choosing here rather than
 * in the daily scan lets that scan touch only the rows of segments it will keep.
 */
export function pickWatchedSegments(data: ProjectData, dimensions: readonly Dimension[]): WatchedSegment[] {
  const w = data.window;
  const comparisonDays = daysBetween(w.comparisonStart, w.comparisonEnd);
  const days = w.periodDays + comparisonDays;
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
          return {
            value: s.value,
            volume: current + baseline,
            size: Math.max(current, baseline),
            changed: changedBetweenPeriods(current, baseline, w.periodDays, comparisonDays),
          };
        })
        .filter((s) => s.volume >= MIN_DAILY_VOLUME * days)
        .sort((a, b) => b.size - a.size || (a.value < b.value ? -1 : 1))
        .slice(0, MAX_TAIL_WATCHED_VALUES);
      ranked.forEach(({ value, volume, changed }, rank) => {
        const tail = rank >= MAX_SHIFT_WATCHED_VALUES;
        out.push({
          sourceId: source.sourceId,
          dimension,
          value,
          volume,
          narrow: rank >= MAX_WATCHED_VALUES,
          tail,
          ...(tail && !changed ? { screenedOut: true } : {}),
        });
      });
    }
  }
  return out;
}

/** Whether a volume a day differs between the periods by TAIL_SCREEN_Z Poisson standard errors or more. */
function changedBetweenPeriods(current: number, baseline: number, currentDays: number, baselineDays: number): boolean {
  if (currentDays <= 0 || baselineDays <= 0) return true;
  const difference = current / currentDays - baseline / baselineDays;
  const standardError = Math.sqrt(current / currentDays ** 2 + baseline / baselineDays ** 2);
  return standardError === 0 || Math.abs(difference) >= TAIL_SCREEN_Z * standardError;
}

import "server-only";
import type { Dimension } from "@/lib/insights/metrics";
import { pool } from "../../db/client";
import { DIMENSION_COLUMNS, PART_INDEX, PARTS, type PartValues } from "./parts";
import { WATCHED_PARTS, type SegmentDaily, type SegmentDailySeries } from "./segment-daily";
import type { WatchedSegment } from "./pick-watched-segments";

// The daily values of the watched segments (pick-watched-segments.ts chose them from the period
// totals), read from the segment rollup (daily-totals.ts, `observation_segment_daily`): one
// primary-key range per segment, so a report reads segments × days rows, however many
// observations lie behind them.

function query(): string {
  const parts = WATCHED_PARTS.map((p) => PARTS[PART_INDEX[p]].column);
  return `
    select p.seg, to_char(r.date, 'YYYY-MM-DD') as date, ${parts.map((c, i) => `r.${c} as p${i}`).join(", ")}
    from unnest($3::int[], $4::uuid[], $5::text[], $6::text[]) as p(seg, source, dimension, value)
    join observation_segment_daily r
      on r.data_source_id = p.source and r.dimension = p.dimension and r.value = p.value
     and r.date between $1::date and $2::date`;
}

export async function loadSegmentDaily(options: {
  projectId: string;
  sourceIds: readonly string[];
  dimensions: readonly Dimension[];
  segments: readonly WatchedSegment[];
  from: string;
  to: string;
}): Promise<SegmentDaily> {
  const { sourceIds, dimensions, segments, from, to } = options;
  const empty: SegmentDaily = { from, to, series: [] };
  if (sourceIds.length === 0 || segments.length === 0) return empty;
  const inDimensions = segments.filter((s) => dimensions.includes(s.dimension));
  const watched = inDimensions.filter((s) => !s.screenedOut);
  const untestedShifts = inDimensions.length - watched.length;
  const { rows } = await pool().query<Record<string, string | number | null>>(query(), [
    from,
    to,
    watched.map((_, i) => i),
    watched.map((s) => s.sourceId),
    watched.map((s) => DIMENSION_COLUMNS[s.dimension]),
    watched.map((s) => s.value),
  ]);
  const series: SegmentDailySeries[] = watched.map((s) => ({
    sourceId: s.sourceId,
    dimension: s.dimension,
    value: s.value,
    narrow: s.narrow,
    tail: s.tail,
    days: new Map(),
  }));
  for (const row of rows) {
    const values: PartValues = PARTS.map(() => null);
    WATCHED_PARTS.forEach((p, i) => {
      const v = row[`p${i}`];
      values[PART_INDEX[p]] = v === null || v === undefined ? null : Number(v);
    });
    series[Number(row.seg)].days.set(String(row.date), values);
  }
  return { from, to, series: series.filter((s) => s.days.size > 0), untestedShifts };
}

export const segmentDailyQueryForTest = query;

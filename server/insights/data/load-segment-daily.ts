import "server-only";
import type { Dimension } from "@/lib/insights/metrics";
import { pool } from "../../db/client";
import { DIMENSION_COLUMNS, PART_INDEX, PARTS, type PartValues } from "./parts";
import { WATCHED_PARTS, type SegmentDaily, type SegmentDailySeries } from "./segment-daily";
import type { WatchedSegment } from "./pick-watched-segments";

// The daily values of the watched segments (pick-watched-segments.ts chose them from the period
// totals), in ONE set-based pass over the watch window's observations. Each dimension set is
// mapped once to the ids of the watched segments it belongs to (a few thousand sets, unpivoted
// and hash-joined to the picked values); each observation is then added to those segments'
// (source, day) sums, grouped by two integers. Measured on the report bench (121 days, 847,000
// rows, ~60 segments) this takes about a third of the time GROUPING SETS over the dimension
// columns took: a hash on (date, int) instead of one text hash table per dimension, and no sort.

function query(dimensions: readonly Dimension[]): string {
  const parts = WATCHED_PARTS.map((p) => PARTS[PART_INDEX[p]].column);
  const unpivot = dimensions.map((d, k) => `(${k}, d.${DIMENSION_COLUMNS[d]})`).join(", ");
  return `
    with picked as (
      select * from unnest($5::int[], $6::uuid[], $7::int[], $8::text[]) as p(seg, source, k, value)
    ), setmap as (
      select d.id, array_agg(distinct p.seg) as segs
      from dimension_sets d
      cross join lateral (values ${unpivot}) as v(k, value)
      join picked p on p.k = v.k and p.value = v.value
      where d.project_id = $1
      group by d.id
    ), sums as (
      select o.data_source_id as source, o.date, seg, ${parts.map((c, i) => `sum(o.${c}) as p${i}`).join(", ")}
      from observations o
      join setmap m on m.id = o.dimension_set_id
      cross join unnest(m.segs) as seg
      where o.project_id = $1 and o.data_source_id = any($4::uuid[]) and o.date between $2::date and $3::date
      group by o.data_source_id, o.date, seg
    )
    select s.seg, to_char(s.date, 'YYYY-MM-DD') as date, ${parts.map((_, i) => `s.p${i}`).join(", ")}
    from sums s join picked p on p.seg = s.seg and p.source = s.source`;
}

export async function loadSegmentDaily(options: {
  projectId: string;
  sourceIds: readonly string[];
  dimensions: readonly Dimension[];
  segments: readonly WatchedSegment[];
  from: string;
  to: string;
}): Promise<SegmentDaily> {
  const { projectId, sourceIds, dimensions, segments, from, to } = options;
  const empty: SegmentDaily = { from, to, series: [] };
  if (sourceIds.length === 0 || segments.length === 0) return empty;
  const k = new Map(dimensions.map((d, i) => [d, i]));
  const watched = segments.filter((s) => k.has(s.dimension));
  const client = await pool().connect();
  let rows: Record<string, string | number | null>[];
  try {
    await client.query("begin");
    // More memory for hashing than the default 4 MB: groups are hashed, not sorted on disk.
    await client.query("set local work_mem = '64MB'");
    const result = await client.query<Record<string, string | number | null>>(query(dimensions), [
      projectId,
      from,
      to,
      sourceIds,
      watched.map((_, i) => i),
      watched.map((s) => s.sourceId),
      watched.map((s) => k.get(s.dimension)!),
      watched.map((s) => s.value),
    ]);
    await client.query("commit");
    rows = result.rows;
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  const series: SegmentDailySeries[] = watched.map((s) => ({
    sourceId: s.sourceId,
    dimension: s.dimension,
    value: s.value,
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
  return { from, to, series: series.filter((s) => s.days.size > 0) };
}

export const segmentDailyQueryForTest = query;

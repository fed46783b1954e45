import "server-only";
import type { Dimension } from "@/lib/insights/metrics";
import { pool } from "../../db/client";
import { DIMENSION_COLUMNS, PART_INDEX, PARTS, type PartValues } from "./parts";
import { WATCHED_PARTS, type SegmentDaily, type SegmentDailySeries } from "./segment-daily";

/** Segments watched per (source, dimension): the largest by volume over the watch window. */
export const MAX_WATCHED_VALUES = 10;
/** A segment needs this average volume a day (sessions, else clicks, else impressions) to be watched. */
export const MIN_DAILY_VOLUME = 20;

// One pass over the watch window's observations: rows are joined to their dimension set once,
// aggregated per (source, day, value) for every watched dimension with GROUPING SETS, and only
// the MAX_WATCHED_VALUES largest values of each dimension with MIN_DAILY_VOLUME a day reach JS —
// at most sources × dimensions × 20 × days rows, whatever the number of observations.
function query(dimensions: readonly Dimension[]): string {
  const cols = dimensions.map((d) => `d.${DIMENSION_COLUMNS[d]}`);
  const parts = WATCHED_PARTS.map((p) => PARTS[PART_INDEX[p]].column);
  const which = dimensions.map((_, i) => `when g${i} = 0 then ${i}`).join(" ");
  const value = dimensions.map((_, i) => `when g${i} = 0 then d${i}`).join(" ");
  return `
    with daily as (
      select o.data_source_id as source, o.date, ${cols.map((c, i) => `${c} as d${i}, grouping(${c}) as g${i}`).join(", ")},
             ${parts.map((c, i) => `sum(o.${c}) as p${i}`).join(", ")}
      from observations o join dimension_sets d on d.id = o.dimension_set_id
      where o.project_id = $1 and o.data_source_id = any($4::uuid[]) and o.date between $2::date and $3::date
      group by o.data_source_id, o.date, grouping sets (${cols.map((c) => `(${c})`).join(", ")})
    ), keyed as (
      select source, date, case ${which} end as k, case ${value} end as value,
             ${parts.map((_, i) => `p${i}`).join(", ")},
             coalesce(p${WATCHED_PARTS.indexOf("sessions")}, p${WATCHED_PARTS.indexOf("clicks")}, p${WATCHED_PARTS.indexOf("impressions")}, 0) as volume
      from daily
    ), ranked as (
      select source, k, value, row_number() over (partition by source, k order by sum(volume) desc, value) as rn
      from keyed where value is not null
      group by source, k, value
      having sum(volume) >= $5::float8
    )
    select keyed.source, to_char(keyed.date, 'YYYY-MM-DD') as date, keyed.k, keyed.value,
           ${parts.map((_, i) => `keyed.p${i}`).join(", ")}
    from keyed join ranked using (source, k, value)
    where ranked.rn <= $6`;
}

export async function loadSegmentDaily(options: {
  projectId: string;
  sourceIds: readonly string[];
  dimensions: readonly Dimension[];
  from: string;
  to: string;
}): Promise<SegmentDaily> {
  const { projectId, sourceIds, dimensions, from, to } = options;
  const empty: SegmentDaily = { from, to, series: [] };
  if (sourceIds.length === 0 || dimensions.length === 0) return empty;
  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
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
      MIN_DAILY_VOLUME * days,
      MAX_WATCHED_VALUES,
    ]);
    await client.query("commit");
    rows = result.rows;
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  const byKey = new Map<string, SegmentDailySeries>();
  for (const row of rows) {
    const dimension = dimensions[Number(row.k)];
    const key = `${row.source}|${dimension}|${row.value}`;
    let s = byKey.get(key);
    if (!s)
      byKey.set(key, (s = { sourceId: String(row.source), dimension, value: String(row.value), days: new Map() }));
    const values: PartValues = PARTS.map(() => null);
    WATCHED_PARTS.forEach((p, i) => {
      const v = row[`p${i}`];
      values[PART_INDEX[p]] = v === null || v === undefined ? null : Number(v);
    });
    s.days.set(String(row.date), values);
  }
  return { from, to, series: [...byKey.values()] };
}

export const segmentDailyQueryForTest = query;

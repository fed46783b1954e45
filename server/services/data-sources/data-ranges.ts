import "server-only";
import { pool } from "../../db/client";

export interface DataRange {
  /** The first and the last row's date (for a weekly or monthly source, the first day of its period). */
  start: string;
  end: string;
}

/**
 * Each source's first and last date, two index probes per source (its partition's primary key starts with the
 * source and the date). Sources without rows are absent.
 */
export async function dataRanges(sourceIds: readonly string[]): Promise<Map<string, DataRange>> {
  if (sourceIds.length === 0) return new Map();
  const { rows } = await pool().query<{ id: string; start: string | null; end: string | null }>(
    `select s.id,
            (select min(o.date) from observations o where o.data_source_id = s.id)::text as start,
            (select max(o.date) from observations o where o.data_source_id = s.id)::text as end
     from unnest($1::uuid[]) as s(id)`,
    [sourceIds],
  );
  return new Map(rows.filter((r) => r.start && r.end).map((r) => [r.id, { start: r.start!, end: r.end! }]));
}

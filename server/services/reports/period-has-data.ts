import "server-only";
import { pool } from "../../db/client";
import { periodEnd, type Grain } from "@/lib/csv-import/grain";
import { activeSourceIds } from "../data-sources/project-source-ids";
import { dataRanges } from "../data-sources/data-ranges";

/**
 * Whether any active source of the project has a row between the two days (inclusive): a report
 * on a period without data could only say "no significant results" about nothing, so it is
 * refused before it is queued. The sources are read first so that only their partitions of
 * `observations` are looked at (one primary-key probe each).
 */
export async function periodHasData(projectId: string, periodStart: string, periodEnd: string): Promise<boolean> {
  const sources = await activeSourceIds(projectId);
  if (sources.length === 0) return false;
  const { rows } = await pool().query<{ found: boolean }>(
    `select exists (
       select 1 from observations o where o.data_source_id = any($1::uuid[]) and o.date between $2::date and $3::date
     ) as found`,
    [sources, periodStart, periodEnd],
  );
  return rows[0].found;
}

/**
 * The days the project's active sources cover: from the first row's date to the last row's period's end (a weekly
 * source's last week to its Sunday), for the message that says which dates a report can be made on.
 */
export async function projectDataRange(projectId: string): Promise<{ start: string; end: string } | null> {
  const { rows } = await pool().query<{ id: string; grain: Grain }>(
    "select id, grain from data_sources where project_id = $1 and status = 'active'",
    [projectId],
  );
  const ranges = await dataRanges(rows.map((r) => r.id));
  const spans = rows.flatMap((row) => {
    const range = ranges.get(row.id);
    return range ? [{ start: range.start, end: periodEnd(range.end, row.grain) }] : [];
  });
  if (spans.length === 0) return null;
  return {
    start: spans.map((s) => s.start).reduce((a, b) => (a < b ? a : b)),
    end: spans.map((s) => s.end).reduce((a, b) => (a > b ? a : b)),
  };
}

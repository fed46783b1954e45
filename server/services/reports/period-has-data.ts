import "server-only";
import { pool } from "../../db/client";
import { activeSourceIds } from "../data-sources/project-source-ids";

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

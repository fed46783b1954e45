import "server-only";
import { pool } from "../../db/client";

/**
 * Whether any active source of the project has a row between the two days (inclusive): a report
 * on a period without data could only say "no significant results" about nothing, so it is
 * refused before it is queued. One index probe on (project_id, date).
 */
export async function periodHasData(projectId: string, periodStart: string, periodEnd: string): Promise<boolean> {
  const { rows } = await pool().query<{ found: boolean }>(
    `select exists (
       select 1 from observations o join data_sources s on s.id = o.data_source_id and s.status = 'active'
       where o.project_id = $1 and o.date between $2::date and $3::date
     ) as found`,
    [projectId, periodStart, periodEnd],
  );
  return rows[0].found;
}

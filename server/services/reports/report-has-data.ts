import "server-only";
import { sql, type SQL } from "drizzle-orm";

/**
 * Whether a report read any data: one of its insights has a finding, or its chart holds a known, non-zero day or a
 * segment total. A report on a period the data does not cover (before tracking began, a future import) is kept in
 * the history but never becomes the master report: it would greet the reader with empty charts. Used in a query
 * on `reports` (the correlated column is written out: Drizzle drops the table name of a column inside `sql`).
 */
export function reportHasData(): SQL<boolean> {
  return sql<boolean>`exists (
    select 1 from insights i
    where i.report_id = "reports"."id"
      and (
        jsonb_array_length(i.findings) > 0
        or coalesce((i.chart ->> 'totalCurrent')::float8, 0) <> 0
        or exists (
          select 1 from jsonb_array_elements(coalesce(i.chart -> 'points', '[]'::jsonb)) p
          where jsonb_typeof(p -> 'value') = 'number' and (p ->> 'value')::float8 <> 0
        )
      )
  )`;
}

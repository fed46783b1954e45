import type pg from "pg";

type Queryable = Pick<pg.ClientBase, "query">;

/**
 * Runs one statement of an open transaction with nested-loop joins forbidden, then restores the setting.
 *
 * For a statement that joins all of a source's rows with all of its combinations (a rollup rebuilt or merged) a
 * hash join is always the right plan, and a nested loop is the one plan that can go quadratic. The planner picks
 * one when its statistics are older than the rows (a project's combinations just written, not yet analysed: it
 * expected 1 and found 25,000; docs/decisions/0004-observation-storage.md, "rollup joins never loop"). A loop
 * that re-reads one side for each row of the other is quadratic: the likely cause of a test's rebuild taking 60 s
 * on a CI runner where it takes 9 s here. Forbidding the loop does not depend on when autovacuum last ran.
 */
export async function queryWithoutNestedLoops<R extends pg.QueryResultRow = pg.QueryResultRow>(
  q: Queryable,
  text: string,
  values: unknown[] = [],
): Promise<pg.QueryResult<R>> {
  const { rows } = await q.query<{ was: string }>(
    "select current_setting('enable_nestloop') as was, set_config('enable_nestloop', 'off', true)",
  );
  try {
    return await q.query<R>(text, values);
  } finally {
    await q.query("select set_config('enable_nestloop', $1, true)", [rows[0].was]);
  }
}

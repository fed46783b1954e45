import "server-only";
import type pg from "pg";
import { pool } from "../../db/client";
import { PARTS, USERS_INDEX } from "./parts";

// Keeps `observation_daily_totals` (schema/daily-totals.ts) in step with `observations`: a
// source's rollup is rebuilt when the source's version (`data_sources.updated_at`, which every
// import bumps) differs from the one its rollup was built from. A report calls
// `ensureDailyTotals` first, so it never reads a stale rollup; an import may call
// `refreshDailyTotals` (or queue the refresh-daily-totals job) so the next report finds it ready.

type Queryable = Pick<pg.ClientBase, "query">;

const sums = PARTS.map((p, i) =>
  i === USERS_INDEX ? `case when count(*) = 1 then max(users) end` : `sum(${p.column})`,
).join(", ");

/** Rebuilds one source's daily totals from its observations (one ordered pass over its rows). */
export async function refreshDailyTotals(sourceId: string, client?: Queryable): Promise<void> {
  const own = client ? null : await pool().connect();
  const q = (client ?? own)!;
  try {
    await q.query("begin");
    // Serialises refreshes of one source; the version is read before the rows, so a concurrent
    // import can only make the recorded version older than the data (rebuilt again next time).
    await q.query("select pg_advisory_xact_lock(hashtext('daily_totals:' || $1))", [sourceId]);
    // As text: a JS Date would drop the microseconds and never match the version again.
    const source = await q.query<{ updated_at: string; project_id: string }>(
      "select updated_at::text as updated_at, project_id from data_sources where id = $1",
      [sourceId],
    );
    if (source.rowCount === 0) {
      await q.query("rollback");
      return;
    }
    await q.query("delete from observation_daily_totals where data_source_id = $1", [sourceId]);
    const inserted = await q.query<{ days: number; observations: string }>(
      `with ins as (
         insert into observation_daily_totals (data_source_id, project_id, date, rows, ${PARTS.map((p) => p.column).join(", ")})
         select data_source_id, $2, date, count(*)::int, ${sums}
         from observations where data_source_id = $1
         group by data_source_id, date
         returning rows)
       select count(*)::int as days, coalesce(sum(rows), 0)::bigint as observations from ins`,
      [sourceId, source.rows[0].project_id],
    );
    await q.query(
      `insert into daily_totals_state (data_source_id, source_version, days, observations, refreshed_at) values ($1, $2::timestamptz, $3, $4, now())
       on conflict (data_source_id) do update set source_version = excluded.source_version, days = excluded.days, observations = excluded.observations, refreshed_at = now()`,
      [sourceId, source.rows[0].updated_at, inserted.rows[0].days, inserted.rows[0].observations],
    );
    await q.query("commit");
  } catch (error) {
    await q.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    own?.release();
  }
}

/** Rebuilds the rollup of every listed source whose data changed since it was built; returns how many. */
export async function ensureDailyTotals(sourceIds: readonly string[]): Promise<number> {
  if (sourceIds.length === 0) return 0;
  const stale = await pool().query<{ id: string }>(
    `select s.id from data_sources s left join daily_totals_state t on t.data_source_id = s.id
     where s.id = any($1::uuid[]) and t.source_version is distinct from s.updated_at`,
    [sourceIds],
  );
  // Sources are independent: rebuild them side by side.
  await Promise.all(stale.rows.map((r) => refreshDailyTotals(r.id)));
  return stale.rows.length;
}

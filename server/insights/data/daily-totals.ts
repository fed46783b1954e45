import "server-only";
import type pg from "pg";
import { pool } from "../../db/client";
import { queryWithoutNestedLoops } from "../../db/without-nested-loops";
import { DIMENSIONS } from "@/lib/insights/metrics";
import { DIMENSION_COLUMNS, PARTS, USERS_INDEX } from "./parts";
import { blockOfSql } from "./rollup-periods";

// Keeps `observation_daily_totals` (schema/daily-totals.ts) in step with `observations`: a
// source's rollup is rebuilt when the source's version (`data_sources.updated_at`, which every
// import bumps) differs from the one its rollup was built from. A report calls
// `ensureDailyTotals` first, so it never reads a stale rollup; an import may call
// `refreshDailyTotals` (or queue the refresh-daily-totals job) so the next report finds it ready.

type Queryable = Pick<pg.ClientBase, "query">;

/** The additive parts (every part but `users`), as the segment rollup stores them. */
export const SEGMENT_PARTS = PARTS.filter((_, i) => i !== USERS_INDEX);

// Every dimension set of the project unpivoted to its (dimension column, value) pairs, NULLs left
// out: a few thousand sets become a few tens of thousands of pairs, hash-joined to the rows.
const unpivot = DIMENSIONS.map((d) => `('${DIMENSION_COLUMNS[d]}', d.${DIMENSION_COLUMNS[d]})`).join(", ");

/**
 * The segment rollup (schema/daily-totals.ts `observation_segment_daily`) of one source, built in
 * one pass over its rows: each row adds to the sum of every (dimension, value) of its set, per day.
 * Inserted in date order, so the rows a report reads for a period lie together on disk.
 */
const segmentRollupInsert = `
  insert into observation_segment_daily (data_source_id, dimension, value, date, rows, ${SEGMENT_PARTS.map((p) => p.column).join(", ")})
  select $1, m.dimension, m.value, o.date, count(*)::int, ${SEGMENT_PARTS.map((p) => `sum(o.${p.column})`).join(", ")}
  from observations o
  join (select d.id, v.dimension, v.value
        from dimension_sets d cross join lateral (values ${unpivot}) as v(dimension, value)
        where d.project_id = $2 and v.value is not null) m on m.id = o.dimension_set_id
  where o.data_source_id = $1
  group by o.date, m.dimension, m.value
  order by o.date`;

const sums = PARTS.map((p, i) =>
  i === USERS_INDEX ? `case when count(*) = 1 then max(users) end` : `sum(${p.column})`,
).join(", ");

/** The weekly segment rollup of a source's days that match `where`, from the daily one. */
const weeklyInsert = (where: string) => `
  insert into observation_segment_weekly (data_source_id, dimension, value, week, rows, ${SEGMENT_PARTS.map((p) => p.column).join(", ")})
  select $1, dimension, value, date_trunc('week', date)::date as week, sum(rows)::int, ${SEGMENT_PARTS.map((p) => `sum(${p.column})`).join(", ")}
  from observation_segment_daily
  where data_source_id = $1 and ${where}
  group by dimension, value, week
  order by week`;

/** The four-weekly segment rollup of a source's weeks that match `where`, from the weekly one (rollup-periods.ts). */
const fourWeeklyInsert = (where: string) => `
  insert into observation_segment_four_weekly (data_source_id, dimension, value, block, rows, ${SEGMENT_PARTS.map((p) => p.column).join(", ")})
  select $1, dimension, value, ${blockOfSql("week")} as block, sum(rows)::int, ${SEGMENT_PARTS.map((p) => `sum(${p.column})`).join(", ")}
  from observation_segment_weekly
  where data_source_id = $1 and ${where}
  group by dimension, value, block
  order by block`;

/**
 * Rebuilds one source's daily totals and its segment rollup from its observations (one pass over
 * its rows for each).
 */
export async function refreshDailyTotals(
  sourceId: string,
  client?: Queryable,
  options: {
    /**
     * Skip the rebuild when the rollups turn out current once the lock is held: a report that asked while the job
     * queued after a sync was rebuilding the source waits for it, then reads its result instead of rebuilding again.
     */
    onlyIfStale?: boolean;
  } = {},
): Promise<boolean> {
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
      return false;
    }
    if (options.onlyIfStale) {
      const state = await q.query(
        "select 1 from daily_totals_state where data_source_id = $1 and source_version = $2::timestamptz",
        [sourceId, source.rows[0].updated_at],
      );
      if (state.rowCount) {
        await q.query("rollback");
        return false;
      }
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
    // Enough memory to hash the (day, dimension, value) groups instead of sorting them on disk.
    await q.query("set local work_mem = '256MB'");
    await q.query("delete from observation_segment_daily where data_source_id = $1", [sourceId]);
    await queryWithoutNestedLoops(q, segmentRollupInsert, [sourceId, source.rows[0].project_id]);
    await q.query("delete from observation_segment_weekly where data_source_id = $1", [sourceId]);
    await q.query(weeklyInsert("true"), [sourceId]);
    await q.query("delete from observation_segment_four_weekly where data_source_id = $1", [sourceId]);
    await q.query(fourWeeklyInsert("true"), [sourceId]);
    await q.query(
      `insert into daily_totals_state (data_source_id, source_version, days, observations, refreshed_at) values ($1, $2::timestamptz, $3, $4, now())
       on conflict (data_source_id) do update set source_version = excluded.source_version, days = excluded.days, observations = excluded.observations, refreshed_at = now()`,
      [sourceId, source.rows[0].updated_at, inserted.rows[0].days, inserted.rows[0].observations],
    );
    await q.query("commit");
    return true;
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
  const rebuilt = await Promise.all(stale.rows.map((r) => refreshDailyTotals(r.id, undefined, { onlyIfStale: true })));
  return rebuilt.filter(Boolean).length;
}

/**
 * Rows already written to `observations` (a direct import's partition, the days a sync replaced: `rows`, a FROM
 * item) as `mergeStagedRollups` reads staged rows (`staged`), and their combinations from `dimension_sets` (`keys`).
 */
export function writtenRowsAsStaged(
  rows: string,
  projectLiteral: string,
  metricColumns: readonly string[],
): { staged: string; keys: string } {
  const dimensions = DIMENSIONS.map((d) => `d.${DIMENSION_COLUMNS[d]}`).join(", ");
  return {
    staged: `(select date, dimension_set_id as combo, ${metricColumns.join(", ")} from ${rows})`,
    keys: `(select d.id as combo, ${dimensions} from dimension_sets d
            where d.project_id = ${projectLiteral} and d.id in (select distinct dimension_set_id from ${rows}))`,
  };
}

/**
 * Keeps both rollups of a source current inside an import's transaction, for the dates it
 * replaced: the import deleted the source's observations on those dates and inserted the staged
 * rows, so the rollup rows of those dates are the staged rows' sums. Runs only when the rollups
 * were built from the version the import replaced (`previousVersion`, `data_sources.updated_at`
 * read under the import's row lock) or the source has no other rows (`onlyStaged`: its first
 * import, or one that replaces every day it had); otherwise the next report or refresh rebuilds
 * the source whole. Records the import's version, so the first report after the import reads the
 * rollups as they are. Call it after the import bumped `updated_at`; returns whether it merged.
 *
 * `staged`: a table of the source's new rows (`date`, `combo`, the metric columns); `keys`: a row
 * per `combo` with its dimension columns (values as `dimension_sets` holds them); `days`: the
 * staged rows' dates, one row each (analysed); `metricColumns`: the metric columns the staged rows
 * fill (the others are NULL in every row, so their sums are NULL without being computed).
 */
export async function mergeStagedRollups(
  q: Queryable,
  input: {
    sourceId: string;
    previousVersion: string;
    onlyStaged: boolean;
    staged: string;
    keys: string;
    days: string;
    /**
     * The staged rows' sums, already added up (per day: `daily`; per day, dimension and value:
     * `segments`; rows and `metricColumns` each): read instead of summing the staged rows.
     */
    sums?: { daily: string; segments: string };
    /**
     * With `onlyStaged`: writes the source's four rollups itself (COPYed from sums added up as the rows were read),
     * once their old rows are deleted; read instead of `sums` and `staged`.
     */
    writeRollups?: () => Promise<void>;
    metricColumns: readonly string[];
  },
): Promise<boolean> {
  const { sourceId, staged, keys, days } = input;
  await q.query("select pg_advisory_xact_lock(hashtext('daily_totals:' || $1))", [sourceId]);
  const state = await q.query<{ fresh: boolean }>(
    "select source_version = $2::timestamptz as fresh from daily_totals_state where data_source_id = $1",
    [sourceId, input.previousVersion],
  );
  if (!state.rows[0]?.fresh && !input.onlyStaged) return false;
  if (input.onlyStaged) {
    await q.query("delete from observation_daily_totals where data_source_id = $1", [sourceId]);
    await q.query("delete from observation_segment_daily where data_source_id = $1", [sourceId]);
    await q.query("delete from observation_segment_weekly where data_source_id = $1", [sourceId]);
    await q.query("delete from observation_segment_four_weekly where data_source_id = $1", [sourceId]);
    if (input.writeRollups) {
      await input.writeRollups();
      await recordState(q, sourceId);
      return true;
    }
  } else {
    await q.query(
      `delete from observation_daily_totals t using ${days} d where t.data_source_id = $1 and t.date = d.date`,
      [sourceId],
    );
    await q.query(
      `delete from observation_segment_daily t using ${days} d where t.data_source_id = $1 and t.date = d.date`,
      [sourceId],
    );
  }
  const present = new Set(input.metricColumns);
  const has = (column: string) => present.has(column);
  const columns = PARTS.map((p) => p.column).join(", ");
  const summed = input.sums;
  // Per day: the rows and each part's sum (users only for a day of one row: never summed across rows).
  const dailySums = PARTS.map((p, i) =>
    !has(p.column)
      ? "null::double precision"
      : summed
        ? p.column
        : i === USERS_INDEX
          ? `case when count(*) = 1 then max(users) end`
          : `sum(${p.column})`,
  ).join(", ");
  const dailyRows = summed
    ? `(select date, rows, ${dailySums} from ${summed.daily})`
    : `(select date, count(*)::int as rows, ${dailySums} from ${staged} group by date)`;
  await q.query(
    `insert into observation_daily_totals (data_source_id, project_id, date, rows, ${columns})
     select $1, s.project_id, t.date, t.rows, ${PARTS.map((p) => `t.${p.column}`).join(", ")}
     from ${dailyRows} as t(date, rows, ${columns})
     cross join (select project_id from data_sources where id = $1) s
     order by t.date`,
    [sourceId],
  );
  const segmentColumns = SEGMENT_PARTS.map((p) => p.column);
  const segmentRows = summed
    ? `(select date, dimension, value, rows, ${segmentColumns.map((c) => (has(c) ? c : "null::double precision")).join(", ")}
        from ${summed.segments})`
    : await stagedSegmentRows(q, staged, keys, has);
  if (segmentRows !== null) {
    // The staged rows joined with their combinations (when not summed already): never a nested loop.
    await queryWithoutNestedLoops(
      q,
      `insert into observation_segment_daily (data_source_id, dimension, value, date, rows, ${segmentColumns.join(", ")})
       select $1, t.dimension, t.value, t.date, t.rows, ${segmentColumns.map((c) => `t.${c}`).join(", ")}
       from ${segmentRows} as t(date, dimension, value, rows, ${segmentColumns.join(", ")})
       where t.value is not null
       order by t.date`,
      [sourceId],
    );
  }
  // The weeks holding a replaced date, summed again from their days.
  const weeks = `select distinct date_trunc('week', date)::date from ${days}`;
  if (!input.onlyStaged)
    await q.query(`delete from observation_segment_weekly where data_source_id = $1 and week in (${weeks})`, [
      sourceId,
    ]);
  await q.query(
    weeklyInsert(
      `date >= (select min(date_trunc('week', date))::date from ${days}) and date_trunc('week', date)::date in (${weeks})`,
    ),
    [sourceId],
  );
  // The blocks holding a replaced date, summed again from their weeks.
  const blocks = `select distinct ${blockOfSql("date")} from ${days}`;
  if (!input.onlyStaged)
    await q.query(`delete from observation_segment_four_weekly where data_source_id = $1 and block in (${blocks})`, [
      sourceId,
    ]);
  await q.query(
    fourWeeklyInsert(
      `week >= (select min(${blockOfSql("date")}) from ${days}) and ${blockOfSql("week")} in (${blocks})`,
    ),
    [sourceId],
  );
  await recordState(q, sourceId);
  return true;
}

/** Records that the source's rollups are those of its current version (the rows are counted from its days). */
async function recordState(q: Queryable, sourceId: string): Promise<void> {
  await q.query(
    `insert into daily_totals_state (data_source_id, source_version, days, observations, refreshed_at)
     select s.id, s.updated_at, t.days, t.observations, now()
     from data_sources s,
          (select count(*)::int as days, coalesce(sum(rows), 0)::bigint as observations
           from observation_daily_totals where data_source_id = $1) t
     where s.id = $1
     on conflict (data_source_id) do update set source_version = excluded.source_version, days = excluded.days,
       observations = excluded.observations, refreshed_at = now()`,
    [sourceId],
  );
}

/**
 * The segment rollup's rows of the staged rows (date, dimension, value, rows, the segment parts),
 * as a subquery; null when the staged combinations have no dimension.
 */
async function stagedSegmentRows(
  q: Queryable,
  staged: string,
  keys: string,
  has: (column: string) => boolean,
): Promise<string | null> {
  await q.query("set local work_mem = '256MB'");
  // The dimensions the staged combinations have (a file's columns): one grouping set each, so the
  // staged rows are joined to their combination once and each row adds to one group per dimension
  // in a single hashed pass (instead of being multiplied into a row per dimension value first).
  const withValues = await queryWithoutNestedLoops<Record<string, boolean>>(
    q,
    `select ${DIMENSIONS.map((d) => `bool_or(${DIMENSION_COLUMNS[d]} is not null) as ${DIMENSION_COLUMNS[d]}`).join(", ")} from ${keys}`,
  );
  const dims = DIMENSIONS.map((d) => DIMENSION_COLUMNS[d]).filter((c) => withValues.rows[0]?.[c]);
  if (dims.length === 0) return null;
  // In each grouping set only its own dimension's column is not NULL.
  const dimension = `case ${dims.map((c) => `when grouping(k.${c}) = 0 then '${c}'`).join(" ")} end`;
  const value = dims.length === 1 ? `k.${dims[0]}` : `coalesce(${dims.map((c) => `k.${c}`).join(", ")})`;
  return `(select s.date, ${dimension} as dimension, ${value} as value, count(*)::int as rows,
                  ${SEGMENT_PARTS.map((p) => (has(p.column) ? `sum(s.${p.column})` : "null::double precision")).join(", ")}
           from ${staged} s join ${keys} k on k.combo = s.combo
           group by grouping sets (${dims.map((c) => `(s.date, k.${c})`).join(", ")}))`;
}

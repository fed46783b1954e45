import "server-only";
import { pool } from "../../db/client";
import { log } from "../../log";
import { refreshDailyTotalsJob } from "../../jobs/contracts/refresh-daily-totals";
import { enqueue } from "../../jobs/enqueue";

/**
 * The listed sources whose daily rollup is older than their data (or was never built). The web
 * process does not rebuild them itself (the rollup code belongs to the worker): it queues the
 * worker's refresh, once per source, and the dashboard says the numbers are being updated.
 */
export async function queueStaleRollups(sourceIds: readonly string[]): Promise<Set<string>> {
  if (sourceIds.length === 0) return new Set();
  const stale = await pool().query<{ id: string }>(
    `select s.id from data_sources s left join daily_totals_state t on t.data_source_id = s.id
     where s.id = any($1::uuid[]) and t.source_version is distinct from s.updated_at`,
    [sourceIds],
  );
  if (stale.rows.length === 0) return new Set();
  // Those with rows: one probe per source, each naming its source as a constant so that only its
  // partition of `observations` is planned and read (a correlated subquery would plan them all).
  const { rows } = await pool().query<{ id: string }>(
    stale.rows
      .map(
        (_, i) =>
          `select $${i + 1}::uuid as id where exists (select 1 from observations where data_source_id = $${i + 1})`,
      )
      .join(" union all "),
    stale.rows.map((r) => r.id),
  );
  // pg-boss's singletonKey does not hold on a standard queue: skip sources whose refresh is already
  // waiting or running, so a dashboard polling every few seconds does not pile up rebuilds.
  const pending = rows.length
    ? await pool()
        .query<{ id: string }>(
          `select distinct data->>'dataSourceId' as id from pgboss.job
         where name = $1 and state in ('created', 'retry', 'active') and data->>'dataSourceId' = any($2::text[])`,
          [refreshDailyTotalsJob.name, rows.map((r) => r.id)],
        )
        // Before pg-boss first started there is no job table, hence nothing pending.
        .catch(() => ({ rows: [] as { id: string }[] }))
    : { rows: [] };
  const waiting = new Set(pending.rows.map((r) => r.id));
  await Promise.all(
    rows
      .filter((r) => !waiting.has(r.id))
      .map((r) =>
        enqueue(refreshDailyTotalsJob, { dataSourceId: r.id }).catch((error: unknown) =>
          log("warn", "could not queue refresh-daily-totals", { dataSourceId: r.id, error: String(error) }),
        ),
      ),
  );
  return new Set(rows.map((r) => r.id));
}

import "server-only";
import { once } from "node:events";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { DIMENSIONS } from "@/lib/catalogue/dimensions";
import { pool } from "../../../db/client";
import { mergeStagedRollups, writtenRowsAsStaged } from "../../../insights/data/daily-totals";
import { ensureObservationPartition } from "../../../db/observation-partitions";
import { NotFoundError } from "../../../errors";
import type { RowBuffer } from "./row-buffer";

const DIMENSION_COLUMNS = DIMENSIONS.map((d) => d.column);
const BATCH_BYTES = 256 * 1024;

export interface ReplaceDaysInput {
  dataSourceId: string;
  projectId: string;
  /** The days the batch covers, inclusive: all of the source's rows on them are replaced. */
  startDate: string;
  endDate: string;
  rows: RowBuffer;
  /** Runs inside the same transaction after the rows are in (the sync records its progress there). */
  afterWrite?: (client: pg.PoolClient) => Promise<void>;
}

/**
 * Replaces a source's observations for a range of days with `rows`, in one transaction: the days
 * are either entirely the old data or entirely the new, never half-written, and running the same
 * batch twice leaves the same rows (idempotent). Days of the range without rows end up empty, as
 * the API says they are. Keeps the observation store's invariants
 * (docs/decisions/0004-observation-storage.md): the source is locked, rows are inserted from a join
 * with `dimension_sets`.
 */
export async function replaceDays(input: ReplaceDaysInput): Promise<{ rows: number }> {
  const client = await pool().connect();
  try {
    await client.query("begin");
    // The source's version before these rows (as text: a JS Date would drop the microseconds), read under its lock.
    const locked = await client.query<{ version: string }>(
      "select updated_at::text as version from data_sources where id = $1 for update",
      [input.dataSourceId],
    );
    if (locked.rowCount === 0) throw new NotFoundError();
    await ensureObservationPartition(client, input.dataSourceId);
    const metricColumns = input.rows.metrics;
    await client.query(`
      create temporary table sync_staging (
        date date not null,
        key text not null,
        ${DIMENSION_COLUMNS.map((c) => `${c} text`).join(", ")},
        ${metricColumns.map((c) => `${c} double precision`).join(", ")}
      ) on commit drop`);
    await copyRows(client, input.rows, metricColumns);
    await client.query("analyze sync_staging");
    const dims = DIMENSION_COLUMNS.join(", ");
    await client.query(
      `insert into dimension_sets (project_id, key, ${dims})
       select $1, s.key, ${DIMENSION_COLUMNS.map((c) => `s.${c}`).join(", ")}
       from (select distinct on (key) key, ${dims} from sync_staging) s
       where not exists (select 1 from dimension_sets d where d.project_id = $1 and d.key = s.key)
       on conflict (project_id, key) do nothing`,
      [input.projectId],
    );
    await client.query(`delete from observations where data_source_id = $1 and date between $2 and $3`, [
      input.dataSourceId,
      input.startDate,
      input.endDate,
    ]);
    const inserted = await client.query(
      `insert into observations (data_source_id, project_id, date, dimension_set_id, ${metricColumns.join(", ")})
       select $1, $2, s.date, d.id, ${metricColumns.map((c) => `s.${c}`).join(", ")}
       from sync_staging s join dimension_sets d on d.project_id = $2 and d.key = s.key
       where s.date between $3 and $4`,
      [input.dataSourceId, input.projectId, input.startDate, input.endDate],
    );
    await mergeSyncedRollups(client, input, locked.rows[0].version, metricColumns);
    await input.afterWrite?.(client);
    await client.query("commit");
    return { rows: inserted.rowCount ?? 0 };
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Marks the source changed (`data_sources.updated_at`, the version its report rollups are built from) and merges the
 * replaced days into its rollups, as an upload does (daily-totals.ts `mergeStagedRollups`): the rows just written,
 * read back from the source's partition, are the days' new sums. Without the new version a report would keep reading
 * the rollups built before the sync; without the merge every sync would leave them to a full rebuild (minutes for a
 * source with two years of Search Console queries), which a report asked for meanwhile would wait on. When the
 * rollups were already stale the merge is skipped and the refresh queued after the sync rebuilds them.
 */
async function mergeSyncedRollups(
  client: pg.PoolClient,
  input: ReplaceDaysInput,
  previousVersion: string,
  metricColumns: readonly string[],
): Promise<void> {
  await client.query("update data_sources set updated_at = now() where id = $1", [input.dataSourceId]);
  await client.query(
    `create temporary table sync_days on commit drop as
     select d::date as date from generate_series($1::date, $2::date, interval '1 day') d`,
    [input.startDate, input.endDate],
  );
  await client.query("analyze sync_days");
  const others = await client.query(
    "select 1 from observations where data_source_id = $1 and (date < $2 or date > $3) limit 1",
    [input.dataSourceId, input.startDate, input.endDate],
  );
  const source = client.escapeLiteral(input.dataSourceId);
  const written = `observations where data_source_id = ${source}
    and date between ${client.escapeLiteral(input.startDate)}::date and ${client.escapeLiteral(input.endDate)}::date`;
  await mergeStagedRollups(client, {
    sourceId: input.dataSourceId,
    previousVersion,
    onlyStaged: others.rowCount === 0,
    ...writtenRowsAsStaged(written, client.escapeLiteral(input.projectId), metricColumns),
    days: "sync_days",
    metricColumns,
  });
}

async function copyRows(client: pg.PoolClient, rows: RowBuffer, metricColumns: readonly string[]): Promise<void> {
  const copy = client.query(
    copyFrom(`copy sync_staging (date, key, ${DIMENSION_COLUMNS.join(", ")}, ${metricColumns.join(", ")}) from stdin`),
  );
  const done = new Promise<void>((resolve, reject) => {
    copy.on("finish", resolve);
    copy.on("error", reject);
  });
  done.catch(() => undefined);
  let batch = "";
  for (const row of rows.values()) {
    let line = `${row.date}\t${row.key}${row.copyDims}`;
    for (const value of row.metrics) line += Number.isFinite(value) ? `\t${value}` : "\t\\N";
    batch += line + "\n";
    if (batch.length >= BATCH_BYTES) {
      const ok = copy.write(batch);
      batch = "";
      if (!ok) await Promise.race([once(copy, "drain"), done]);
    }
  }
  if (batch) copy.write(batch);
  copy.end();
  await done;
}

import type pg from "pg";

/**
 * `observations` is partitioned by data source (migration 0018, docs/decisions/0004-observation-storage.md):
 * each source's rows live in a table of their own, `observations_<the source's id without dashes>`.
 * A writer makes sure the partition exists before its first row (`ensureObservationPartition`); an
 * import into a source that has none builds it instead: rows into a table without indexes, the
 * primary key built once at the end, then attached (`beginPartitionBuild`, `attachBuiltPartition`).
 */

type Queryable = Pick<pg.ClientBase, "query">;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The partition table's name, safe to write into SQL unquoted (the id is checked to be a uuid). The same name as the
 * SQL function `observations_partition_name` (migration 0018) gives: DDL takes no parameters, so the import writes
 * it itself (`test/observation-partitions.test.ts` reads partitions the SQL function created by this name).
 */
export function observationPartitionName(sourceId: string): string {
  if (!UUID.test(sourceId)) throw new Error(`not a data source id: ${sourceId}`);
  return `observations_${sourceId.replace(/-/g, "").toLowerCase()}`;
}

/** Creates and attaches the source's partition when it has none (idempotent; in the caller's transaction). */
export async function ensureObservationPartition(client: Queryable, sourceId: string): Promise<void> {
  await client.query("select observations_partition($1::uuid)", [sourceId]);
}

/**
 * When the source has no partition yet: takes the partition lock (held until the transaction ends, so no other
 * writer creates it meanwhile), creates the partition's table unattached and without indexes, and returns its name
 * for the rows to go into. Null when the partition exists: rows then go into `observations` as usual.
 */
export async function beginPartitionBuild(client: Queryable, sourceId: string): Promise<string | null> {
  const name = observationPartitionName(sourceId);
  await client.query("select pg_advisory_xact_lock(hashtext('observations-partition:' || $1::text))", [sourceId]);
  const found = await client.query("select to_regclass($1) is not null as exists", [`public.${name}`]);
  if (found.rows[0].exists) return null;
  // The check makes the attach skip its scan of the rows: every row was checked as it was inserted.
  await client.query(
    `create table public.${name} (like public.observations including defaults,
       constraint ${name}_source check (data_source_id = '${sourceId.toLowerCase()}'))`,
  );
  return name;
}

/**
 * Attaches a partition built by `beginPartitionBuild`: PostgreSQL builds its primary key from the rows in one
 * sorted pass (a repeated key fails here with a unique violation, 23505).
 */
export async function attachBuiltPartition(client: Queryable, sourceId: string): Promise<void> {
  const name = observationPartitionName(sourceId);
  await client.query(
    `alter table public.observations attach partition public.${name} for values in ('${sourceId.toLowerCase()}')`,
  );
}

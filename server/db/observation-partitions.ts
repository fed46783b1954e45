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
  return `observations_${uuidText(sourceId).replace(/-/g, "")}`;
}

/** An id checked to be a uuid, lower case: safe to write into DDL as a literal. */
function uuidText(id: string): string {
  if (!UUID.test(id)) throw new Error(`not a uuid: ${id}`);
  return id.toLowerCase();
}

/** Creates and attaches the source's partition when it has none (idempotent; in the caller's transaction). */
export async function ensureObservationPartition(client: Queryable, sourceId: string): Promise<void> {
  await client.query("select observations_partition($1::uuid)", [sourceId]);
}

/**
 * When the source has no partition yet: takes the partition lock (held until the transaction ends, so no other
 * writer creates it meanwhile), creates the partition's table unattached and without indexes, and returns its name
 * for the rows to go into. Null when the partition exists: rows then go into `observations` as usual.
 *
 * With `direct` (rows COPYed straight in, `staging.ts`) the table also has a `line` column for the file's line of
 * each row (to name a repeated row's lines), dropped before the attach, and defaults for the source and project.
 * `line` sits right after `date`, in the 4 bytes of padding before `dimension_set_id`: the dropped column's values
 * cost no space in the rows.
 */
export async function beginPartitionBuild(
  client: Queryable,
  sourceId: string,
  direct?: { projectId: string },
): Promise<string | null> {
  const name = observationPartitionName(sourceId);
  await client.query("select pg_advisory_xact_lock(hashtext('observations-partition:' || $1::text))", [sourceId]);
  const found = await client.query("select to_regclass($1) is not null as exists", [`public.${name}`]);
  if (found.rows[0].exists) return null;
  const source = uuidText(sourceId);
  // The check makes the attach skip its scan of the rows: every row was checked as it was inserted.
  const check = `constraint ${name}_source check (data_source_id = '${source}')`;
  if (!direct) {
    await client.query(`create table public.${name} (like public.observations including defaults, ${check})`);
    return name;
  }
  // The store's columns as the catalogue has them (a column added to `observations` later comes along).
  const { rows } = await client.query<{ name: string; type: string; not_null: boolean }>(
    `select attname as name, format_type(atttypid, atttypmod) as type, attnotnull as not_null from pg_attribute
     where attrelid = 'public.observations'::regclass and attnum > 0 and not attisdropped order by attnum`,
  );
  const defaults: Record<string, string> = {
    data_source_id: `'${source}'`,
    project_id: `'${uuidText(direct.projectId)}'`,
  };
  const columns = rows.flatMap((c) => {
    const column = `${c.name} ${c.type}${c.not_null ? " not null" : ""}${c.name in defaults ? ` default ${defaults[c.name]}` : ""}`;
    return c.name === "date" ? [column, "line integer"] : [column];
  });
  await client.query(`create table public.${name} (${columns.join(", ")}, ${check})`);
  return name;
}

/**
 * Builds the primary key of a partition being built, in one sorted pass over its rows (a repeated key fails here
 * with a unique violation, 23505); the attach then takes this index as the partition's part of the store's key.
 */
export async function buildPartitionKey(client: Queryable, sourceId: string): Promise<void> {
  const name = observationPartitionName(sourceId);
  await client.query(
    `alter table public.${name} add constraint ${name}_pkey primary key (data_source_id, date, dimension_set_id)`,
  );
}

/**
 * Attaches a partition built by `beginPartitionBuild`: PostgreSQL builds its primary key from the rows in one
 * sorted pass (a repeated key fails here with a unique violation, 23505) unless `buildPartitionKey` did. A
 * `direct` build's `line` column and defaults are dropped first (dropping a column only marks it dropped).
 */
export async function attachBuiltPartition(client: Queryable, sourceId: string, direct = false): Promise<void> {
  const name = observationPartitionName(sourceId);
  if (direct)
    await client.query(
      `alter table public.${name} drop column line, alter column data_source_id drop default,
         alter column project_id drop default`,
    );
  await client.query(
    `alter table public.observations attach partition public.${name} for values in ('${uuidText(sourceId)}')`,
  );
}

import type pg from "pg";

/**
 * `observations` is partitioned by data source (migration 0018, docs/decisions/0004-observation-storage.md):
 * each source's rows live in a table of their own, `observations_<the source's id without dashes>`.
 * A writer makes sure the partition exists before its first row (`ensureObservationPartition`); an
 * import into a source that has none builds it instead: rows into a table without indexes, the
 * primary key built once at the end, then attached (`beginPartitionBuild`, `attachBuiltPartition`). A
 * re-upload builds such a table beside the source's partition and swaps it in at its commit
 * (`beginPartitionReplacement`, `swapInReplacement`), or merges its rows in place when it cannot
 * (`mergeReplacementInPlace`).
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
  await lockPartition(client, sourceId);
  const found = await client.query("select to_regclass($1) is not null as exists", [`public.${name}`]);
  if (found.rows[0].exists) return null;
  if (!direct) {
    // The check makes the attach skip its scan of the rows: every row was checked as it was inserted.
    await client.query(
      `create table public.${name} (like public.observations including defaults, ${sourceCheck(name, sourceId)})`,
    );
    return name;
  }
  await createDirectTable(client, name, sourceId, direct.projectId);
  return name;
}

/**
 * A re-upload into a source that has a partition: the table its rows go into, built as a first import's
 * (`beginPartitionBuild` with `direct`) beside the partition, which it replaces when the import ends
 * (`swapInReplacement`, or `mergeReplacementInPlace` when it cannot). Takes the partition lock.
 */
export async function beginPartitionReplacement(
  client: Queryable,
  sourceId: string,
  projectId: string,
): Promise<string> {
  const name = replacementName(sourceId);
  await lockPartition(client, sourceId);
  await createDirectTable(client, name, sourceId, projectId);
  return name;
}

/** The table a re-upload builds beside the source's partition (`beginPartitionReplacement`). */
export function replacementName(sourceId: string): string {
  return `${observationPartitionName(sourceId)}_next`;
}

/** Held until the transaction ends: no other writer creates or replaces the source's partition meanwhile. */
async function lockPartition(client: Queryable, sourceId: string): Promise<void> {
  await client.query("select pg_advisory_xact_lock(hashtext('observations-partition:' || $1::text))", [sourceId]);
}

function sourceCheck(table: string, sourceId: string): string {
  return `constraint ${table}_source check (data_source_id = '${uuidText(sourceId)}')`;
}

/** The store's columns as the catalogue has them, in order (a column added to `observations` later comes along). */
async function storeColumns(client: Queryable): Promise<{ name: string; type: string; not_null: boolean }[]> {
  const { rows } = await client.query<{ name: string; type: string; not_null: boolean }>(
    `select attname as name, format_type(atttypid, atttypmod) as type, attnotnull as not_null from pg_attribute
     where attrelid = 'public.observations'::regclass and attnum > 0 and not attisdropped order by attnum`,
  );
  return rows;
}

async function createDirectTable(client: Queryable, name: string, sourceId: string, projectId: string): Promise<void> {
  const defaults: Record<string, string> = {
    data_source_id: `'${uuidText(sourceId)}'`,
    project_id: `'${uuidText(projectId)}'`,
  };
  const columns = (await storeColumns(client)).flatMap((c) => {
    const column = `${c.name} ${c.type}${c.not_null ? " not null" : ""}${c.name in defaults ? ` default ${defaults[c.name]}` : ""}`;
    return c.name === "date" ? [column, "line integer"] : [column];
  });
  await client.query(`create table public.${name} (${columns.join(", ")}, ${sourceCheck(name, sourceId)})`);
}

/**
 * Builds the primary key of a partition being built, in one sorted pass over its rows (a repeated key fails here
 * with a unique violation, 23505); the attach then takes this index as the partition's part of the store's key.
 * `table`: a re-upload's replacement (`beginPartitionReplacement`) rather than the partition.
 */
export async function buildPartitionKey(
  client: Queryable,
  sourceId: string,
  table = observationPartitionName(sourceId),
): Promise<void> {
  await client.query(
    `alter table public.${table} add constraint ${table}_pkey primary key (data_source_id, date, dimension_set_id)`,
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

/** Lock waits a swap tries (each `SWAP_LOCK_TIMEOUT_MS` at most, with a pause between) before merging in place. */
const SWAP_ATTEMPTS = 6;
const SWAP_LOCK_TIMEOUT_MS = 200;

/**
 * Puts a re-upload's replacement (`beginPartitionReplacement`, its key built, the source's rows it keeps copied in)
 * in the place of the source's partition: detaches and drops the partition, gives the replacement its name and
 * attaches it (its key is taken as it is, its check spares the scan). Detaching takes `ACCESS EXCLUSIVE` on
 * `observations` until the transaction ends, so it is the import's last statement before its commit (milliseconds),
 * and a wait for that lock is cut short (`lock_timeout`, a few tries): while it waits, every other reader of
 * `observations` queues behind it. Returns false, with nothing changed, when the lock could not be had (another
 * import holds `observations`): the caller then merges the rows in place.
 */
export async function swapInReplacement(
  client: Queryable,
  sourceId: string,
  options: { attempts?: number; lockTimeoutMs?: number } = {},
): Promise<boolean> {
  const name = observationPartitionName(sourceId);
  const next = replacementName(sourceId);
  const attempts = options.attempts ?? SWAP_ATTEMPTS;
  const timeout = options.lockTimeoutMs ?? SWAP_LOCK_TIMEOUT_MS;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    await client.query("savepoint swap_partition");
    try {
      // Local to the savepoint: rolled back with it, or reset below.
      const previous = await client.query<{ value: string }>(
        "select current_setting('lock_timeout') as value, set_config('lock_timeout', $1, true)",
        [`${timeout}ms`],
      );
      await client.query(
        `alter table public.observations detach partition public.${name};
         drop table public.${name};
         alter table public.${next} drop column line, alter column data_source_id drop default,
           alter column project_id drop default;
         alter table public.${next} rename constraint ${next}_pkey to ${name}_pkey;
         alter table public.${next} rename constraint ${next}_source to ${name}_source;
         alter table public.${next} rename to ${name};
         alter table public.observations attach partition public.${name} for values in ('${uuidText(sourceId)}')`,
      );
      await client.query("select set_config('lock_timeout', $1, true)", [previous.rows[0].value]);
      await client.query("release savepoint swap_partition");
      return true;
    } catch (error) {
      const code = (error as { code?: string }).code;
      // 55P03: the lock wait timed out; 40P01: another session waited on this one too.
      if (code !== "55P03" && code !== "40P01") throw error;
      await client.query("rollback to savepoint swap_partition");
      if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100 * attempt));
    }
  }
  return false;
}

/**
 * A re-upload whose replacement could not be swapped in, or would have to copy in most of the source's rows: the
 * partition's rows on `dates` (the file's days) are deleted and the replacement's rows on them inserted, then the
 * replacement is dropped.
 */
export async function mergeReplacementInPlace(
  client: Queryable,
  sourceId: string,
  dates: readonly string[],
): Promise<void> {
  const name = observationPartitionName(sourceId);
  const next = replacementName(sourceId);
  const columns = (await storeColumns(client)).map((c) => c.name).join(", ");
  await client.query(`delete from public.${name} where date = any($1::date[])`, [dates]);
  await client.query(
    `insert into public.${name} (${columns})
     select ${columns} from public.${next} where date = any($1::date[]) order by date, dimension_set_id`,
    [dates],
  );
  await client.query(`drop table public.${next}`);
}

/** Copies the partition's rows on `dates` (days the re-upload does not have) into its replacement. */
export async function copyKeptRows(client: Queryable, sourceId: string, dates: readonly string[]): Promise<void> {
  if (dates.length === 0) return;
  const columns = (await storeColumns(client)).map((c) => c.name).join(", ");
  await client.query(
    `insert into public.${replacementName(sourceId)} (${columns})
     select ${columns} from public.${observationPartitionName(sourceId)} where date = any($1::date[])`,
    [dates],
  );
}

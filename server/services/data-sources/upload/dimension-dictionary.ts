import type pg from "pg";

/**
 * Combinations a dictionary holds: a project with more is imported the two-pass way (its dictionary is not loaded),
 * unless the source being uploaded again uses at most this many (`loadForSource`).
 */
export const DICTIONARY_CAP = 200_000;
/**
 * Rows a source's table may hold for a re-upload to read which combinations they use (`loadForSource`): one scan of
 * them, about 0.1 s a million rows here, which a small file past that would mostly spend waiting for.
 */
const SOURCE_SCAN_MAX_ROWS = 5_000_000;
/** Ids reserved from `dimension_sets`' identity sequence at a time (more when one slice of the file needs more). */
const RESERVE_BLOCK = 20_000;

/**
 * The project's dimension combinations by key, for an import that writes its rows straight into a new source's
 * partition (docs/decisions/0004-observation-storage.md, "One pass into a new partition"): the importer gives
 * each row its `dimension_sets` id itself instead of PostgreSQL joining the rows with `dimension_sets`.
 *
 * A combination the project does not have yet gets an id reserved from the identity sequence (ids are handed
 * out synchronously while the file is parsed, so they are reserved ahead: `shortfall` tells how many a slice of
 * the file may need) and is queued (`takeNew`) to be added to `dimension_sets` before the partition is attached.
 * Another import of the project may add the same combination meanwhile; the staging then re-points this file's
 * rows to the id that won. Memory is bounded: past `DICTIONARY_CAP` keys new ones are not remembered (a key seen
 * again gets another id, re-pointed the same way).
 */
export class DimensionDictionary {
  private readonly ids: Map<string, number>;
  private pool: number[] = [];
  private pooled = 0;
  /** COPY lines (`id`, `key`, the file's dimension columns) of combinations new to the project. */
  private queued: string[] = [];

  private constructor(
    ids: Map<string, number>,
    private readonly cap: number,
  ) {
    this.ids = ids;
  }

  /** The project's combinations, or null when it has too many to hold (the import then joins in SQL). */
  static async load(
    client: Pick<pg.ClientBase, "query">,
    projectId: string,
    cap = DICTIONARY_CAP,
  ): Promise<DimensionDictionary | null> {
    return DimensionDictionary.read(
      client,
      "select key, id::text from dimension_sets where project_id = $1",
      [projectId],
      cap,
    );
  }

  /**
   * A re-upload into a project with too many combinations to hold: those the source's rows use (`partition`, its
   * table), or null when they are too many as well. A combination of the project that the source did not use is
   * then taken for new and gets another id; the staging re-points the file's rows to the project's id when it adds
   * the new combinations (as for one another import added meanwhile). A re-upload mostly repeats its source's
   * combinations, so few rows are re-pointed. Null too when the table holds more than SOURCE_SCAN_MAX_ROWS rows (by
   * the planner's estimate), which the scan would take longer to read than most files take to stage.
   */
  static async loadForSource(
    client: Pick<pg.ClientBase, "query">,
    projectId: string,
    partition: string,
    cap = DICTIONARY_CAP,
  ): Promise<DimensionDictionary | null> {
    const { rows } = await client.query<{ rows: number }>(
      "select reltuples::float8 as rows from pg_class where oid = $1::regclass",
      [`public.${partition}`],
    );
    if (!(rows[0]?.rows <= SOURCE_SCAN_MAX_ROWS)) return null;
    return DimensionDictionary.read(
      client,
      `select d.key, d.id::text from dimension_sets d
       where d.project_id = $1 and d.id in (select distinct dimension_set_id from public.${partition})`,
      [projectId],
      cap,
    );
  }

  private static async read(
    client: Pick<pg.ClientBase, "query">,
    select: string,
    values: unknown[],
    cap: number,
  ): Promise<DimensionDictionary | null> {
    // Rows as arrays: up to `cap` of them, without an object each.
    const { rows } = await client.query<[string, string]>({
      text: `${select} limit $${values.length + 1}`,
      values: [...values, cap + 1],
      rowMode: "array",
    });
    if (rows.length > cap) return null;
    const ids = new Map<string, number>();
    for (const [key, id] of rows) ids.set(key, Number(id));
    return new DimensionDictionary(ids, cap);
  }

  /** How many ids to reserve so that `rows` more combinations can be given one (0: enough are in hand). */
  shortfall(rows: number): number {
    const left = this.pool.length - this.pooled;
    return left >= rows ? 0 : Math.max(rows - left, RESERVE_BLOCK);
  }

  /** Adds ids reserved from the sequence (`nextval`, by the staging). */
  addReserved(ids: number[]): void {
    this.pool = this.pool.slice(this.pooled).concat(ids);
    this.pooled = 0;
  }

  /**
   * The id of the combination with `key`; a new one gets a reserved id and is queued with its values (`copyDims`:
   * its dimension columns as COPY text, each after a tab).
   */
  idFor(key: string, copyDims: string): number {
    const known = this.ids.get(key);
    if (known !== undefined) return known;
    // The import reserves ahead of every slice it parses; running out is a bug, not a file's fault.
    if (this.pooled >= this.pool.length) throw new Error("no dimension set id reserved for a new combination");
    const id = this.pool[this.pooled++];
    if (this.ids.size < this.cap) this.ids.set(key, id);
    this.queued.push(`${id}\t${key}${copyDims}\n`);
    return id;
  }

  /** The queued new combinations as COPY text ("" when none), emptying the queue. */
  takeNew(): string {
    const text = this.queued.join("");
    this.queued = [];
    return text;
  }
}

import type pg from "pg";

/** A project with more dimension sets than this is imported the two-pass way (its dictionary is not loaded). */
export const DICTIONARY_CAP = 200_000;
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

  private constructor(ids: Map<string, number>) {
    this.ids = ids;
  }

  /** The project's combinations, or null when it has too many to hold (the import then joins in SQL). */
  static async load(client: Pick<pg.ClientBase, "query">, projectId: string): Promise<DimensionDictionary | null> {
    // Rows as arrays: up to 200,000 of them, without an object each.
    const { rows } = await client.query<[string, string]>({
      text: "select key, id::text from dimension_sets where project_id = $1 limit $2",
      values: [projectId, DICTIONARY_CAP + 1],
      rowMode: "array",
    });
    if (rows.length > DICTIONARY_CAP) return null;
    const ids = new Map<string, number>();
    for (const [key, id] of rows) ids.set(key, Number(id));
    return new DimensionDictionary(ids);
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
    if (this.ids.size < DICTIONARY_CAP) this.ids.set(key, id);
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

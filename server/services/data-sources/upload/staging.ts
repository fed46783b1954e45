import "server-only";
import { once } from "node:events";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { DIMENSIONS } from "@/lib/catalogue/dimensions";
import { UPLOAD_SOURCE_KIND, UPLOAD_SOURCE_NAME } from "@/lib/constants/observations";
import type { CsvMapping } from "@/lib/validation/csv-mapping";
import { STORED_METRICS } from "@/lib/catalogue/metrics";
import {
  attachBuiltPartition,
  beginPartitionBuild,
  beginPartitionReplacement,
  buildPartitionKey,
  copyKeptRows,
  mergeReplacementInPlace,
  observationPartitionName,
  swapInReplacement,
} from "../../../db/observation-partitions";
import { env } from "../../../env";
import { NotFoundError } from "../../../errors";
import { mergeStagedRollups, writtenRowsAsStaged } from "../../../insights/data/daily-totals";
import { BINARY_COPY_HEADER, BINARY_COPY_TRAILER, copyTextToBinary } from "./copy-binary";
import { CsvImportError, DuplicateRowError } from "./csv-layout";
import { EXPORT_MESSAGES as X } from "@/lib/constants/export-messages";
import type { Grain } from "@/lib/csv-import/grain";
import { DimensionDictionary } from "./dimension-dictionary";
import type { RollupOwner, UploadRollupSums } from "./rollup-sums";

const DIMENSION_COLUMNS = DIMENSIONS.map((d) => d.column);
const METRIC_COLUMNS = STORED_METRICS.map((m) => m.column);
/** Bytes of COPY text gathered before one write to the socket. */
const BATCH_BYTES = 256 * 1024;

/** An upload source created by its first import, in the import's transaction. */
export interface NewUploadSource {
  agencyId: string;
  name: string;
  createdById: string | null;
}

export interface MergeResult {
  replacedDates: number;
}

/** Where the staged rows go: known once the header is read, before the first chunk is merged. */
export interface StagingTarget {
  dataSourceId: string;
  projectId: string;
  /**
   * The columns the COPY fills: of the staging table, and of a new partition (rows with their dimension set id;
   * without them, the rows always go through the staging table).
   */
  copyColumns: { staged: string[]; direct?: string[] };
  /** The dimension columns the file has (a new combination's values, written in this order). */
  dimensionColumns: string[];
  /** Inserted first, with `dataSourceId` as its id: it exists only if the import commits. */
  createSource?: NewUploadSource;
  /** The metric columns the rows fill (the others are NULL in every row and stay so). */
  metricColumns: string[];
  /** COPY text per chunk (CHUNK_BYTES); tests pass a few KB to merge many chunks. */
  chunkBytes?: number;
  /** Combinations a dimension dictionary holds at most (DICTIONARY_CAP); tests pass a few. */
  dictionaryCap?: number;
  /** Called with each chunk's merge time (in the background while reading goes on). */
  onPhase?: (phase: string, ms: number) => void;
}

/** COPY text per chunk: each staged chunk is merged into the table the import builds while the next one is read. */
const CHUNK_BYTES = 4 * 1024 * 1024;
/**
 * A re-upload copies the source's rows on the days it does not have into its new table when they are at most this
 * many, or at most as many as the file's: beyond, the file's rows are merged into the partition (`replacePartition`).
 */
const MIN_ROWS_TO_COPY = 100_000;

/**
 * One import, in one transaction on its own connection (a slow upload must not hold a connection of the app's pool).
 * Its rows go into a new table: the source's partition (a first import), or the table that replaces it at the commit
 * (a re-upload). When the combinations fit in memory they are COPYed there with their dimension set ids; otherwise
 * they stream with COPY into a temporary chunk table as they are read, and every 4 MB of rows the chunk is merged
 * into `dimension_sets` and that table while the next chunk is read and checked (PostgreSQL inserting and Node
 * parsing at the same time, on two cores), and kept in `upload_staging` for the report rollups and for naming a
 * duplicate row's lines. Nothing is visible to anyone before `commit`, and any failure before it rolls everything
 * back: nothing of a bad file is ever imported, wherever in the file the problem is.
 */
export class ObservationStaging {
  private copy: ReturnType<typeof copyFrom> | undefined;
  private copyDone: Promise<void> | undefined;
  private copyBytes = 0;
  private batch: (string | Buffer)[] = [];
  private batchBytes = 0;
  /** Batches read while a chunk was being merged, one string or buffer each, sent once it is merged. */
  private held: (string | Buffer)[] = [];
  private heldBytes = 0;
  private closed = false;
  /** `dimension_sets`' identity sequence (its name), once ids have been reserved from it. */
  private idSequence: string | undefined;
  private chunkCount = 0;
  private chunkBytes = CHUNK_BYTES;
  private batchLimit = BATCH_BYTES;
  private target: StagingTarget | undefined;
  /** The merge of the last chunk, running while the next one is read. */
  private merging: Promise<void> | undefined;
  private mergeSettled = true;
  private prepared:
    | {
        previousVersion: string;
        /** The source's grain before this import. */
        grain: Grain;
        oldDates: Set<string>;
        oldRows: Map<string, number> | null;
        /**
         * The source had no partition: its rows go into this new table, attached once complete. Or, with
         * `replacing`, it had one: the new table takes its place when the import commits.
         */
        building: string;
        replacing: boolean;
        /**
         * Set when the rows go straight into the table this import builds (one COPY, no staging table): the rows
         * then carry their dimension set id, given by the encoder from this dictionary.
         */
        dictionary: DimensionDictionary | null;
      }
    | undefined;
  /** The file's days; and those of them the source had. */
  private readonly fileDates = new Set<string>();
  private readonly replaced = new Set<string>();
  /** The file's rows (`finishCopy`), when the caller counted them. */
  private fileRows = 0;
  /** The rollups of the file's rows, summed as they were read (`finishCopy`); without them, summed in SQL. */
  private sums: UploadRollupSums | undefined;

  private constructor(private readonly client: pg.Client) {}

  static async open(connectionString?: string): Promise<ObservationStaging> {
    const client = new pg.Client({
      connectionString: connectionString ?? env().DATABASE_URL,
      application_name: "funnelwise-upload",
    });
    await client.connect();
    const staging = new ObservationStaging(client);
    const columns = `
          line integer not null,
          date date not null,
          -- The file's number for the row's dimension combination; its first row also carries the
          -- combination's key and values (the others have NULL there).
          combo integer not null,
          key text,
          ${DIMENSION_COLUMNS.map((c) => `${c} text`).join(", ")},
          ${METRIC_COLUMNS.map((c) => `${c} double precision`).join(", ")}`;
    try {
      await client.query("begin");
      // Every row of the file: each chunk is a table of its own that inherits from this one, so a
      // chunk is merged from its own table and the rollups read all of them here.
      await client.query(`create temporary table upload_staging (${columns}) on commit drop`);
      // The file's days.
      await client.query("create temporary table upload_days (date date primary key) on commit drop");
      // The file's combinations (one row each) and their dimension set ids: small tables,
      // analysed as they grow, so no plan that joins the rows to them can go quadratic.
      await client.query(
        `create temporary table upload_keys on commit drop as
         select combo, key, ${DIMENSION_COLUMNS.join(", ")} from upload_staging where false`,
      );
      // The combinations a chunk brings (its rows with a key): the chunk is scanned for them once.
      await client.query("create temporary table upload_new_keys (like upload_keys) on commit drop");
      await client.query("create temporary table upload_combos (combo integer, id bigint) on commit drop");
      // A direct import's combinations new to the project, with the ids reserved for them.
      await client.query(
        `create temporary table upload_sets (id bigint, key text, ${DIMENSION_COLUMNS.map((c) => `${c} text`).join(", ")})
         on commit drop`,
      );
    } catch (error) {
      await staging.abort();
      throw error;
    }
    return staging;
  }

  /**
   * Starts the import once the header has told which columns the file has and where they go: locks the source
   * (creating it when asked) and reads its days. Returns a dictionary when the rows go straight into a new
   * partition: the encoder must then give each row its dimension set id from it (after `reserveIds`).
   */
  async start(target: StagingTarget): Promise<DimensionDictionary | null> {
    this.target = target;
    this.chunkBytes = target.chunkBytes ?? CHUNK_BYTES;
    this.batchLimit = Math.min(BATCH_BYTES, this.chunkBytes);
    this.prepared = await this.prepare(target);
    return this.prepared.dictionary;
  }

  /** COPY text sent in one write: a reader hands it on about this often (tests merge chunks of a few hundred bytes). */
  get batchBytesLimit(): number {
    return this.batchLimit;
  }

  private get direct(): DimensionDictionary | null {
    return this.prepared?.dictionary ?? null;
  }

  private beginChunk(): void {
    const columns = this.target!.copyColumns;
    if (this.direct) {
      // FREEZE: the table was created in this transaction, so its rows are written as already visible to all,
      // and the first read after the import does not rewrite every page to set their hint bits.
      // Binary: PostgreSQL takes the numbers as they are instead of parsing each from text (copy-binary.ts).
      this.startCopyStream(
        `copy ${this.prepared!.building} (${columns.direct!.join(", ")}) from stdin with (freeze, format binary)`,
      );
      this.copy!.write(BINARY_COPY_HEADER);
      return;
    }
    const table = `upload_chunk_${++this.chunkCount}`;
    // Queued before the COPY on the same connection; if it failed, the COPY fails with it.
    this.client
      .query(`create temporary table ${table} () inherits (upload_staging) on commit drop`)
      .catch(() => undefined);
    this.startCopyStream(`copy ${table} (${columns.staged.join(", ")}) from stdin`);
  }

  private startCopyStream(statement: string): void {
    const copy = this.client.query(copyFrom(statement));
    this.copy = copy;
    this.copyBytes = 0;
    this.copyDone = new Promise<void>((resolve, reject) => {
      copy.on("finish", resolve);
      copy.on("error", reject);
    });
    // Surfaced by `flush`/`finishCopy`; an unobserved rejection must not crash the process meanwhile.
    this.copyDone.catch(() => undefined);
  }

  /**
   * Queues lines of COPY text; call `flushIfFull` after each chunk of the file. The rows of a new source's partition
   * are sent in the binary format: the text is turned into it here (the rows `ByteRowReader` writes come in it).
   */
  push(line: string): void {
    if (this.direct) return this.pushBytes(copyTextToBinary(line));
    this.batch.push(line);
    this.batchBytes += line.length;
  }

  /** Queues lines of COPY text as UTF-8 bytes (`ByteRowReader`'s), after the lines pushed before. */
  pushBytes(bytes: Buffer): void {
    this.batch.push(bytes);
    this.batchBytes += bytes.length;
  }

  /** Sends the queued lines when enough have gathered, waiting when PostgreSQL is behind. */
  async flushIfFull(): Promise<void> {
    if (this.batchBytes < this.batchLimit) return;
    // A chunk is being merged: hold the rows read meanwhile (up to a chunk, as one string per
    // batch rather than a string per row) and go on reading.
    if (!this.mergeSettled && this.heldBytes + this.batchBytes < this.chunkBytes) {
      this.held.push(joined(this.batch));
      this.heldBytes += this.batchBytes;
      this.batch = [];
      this.batchBytes = 0;
      return;
    }
    await this.merging;
    await this.flush();
    // A direct import has nothing to merge: its rows stream into the partition in one COPY.
    if (this.copyBytes >= this.chunkBytes && !this.direct) {
      await this.endCopy();
      this.mergeSettled = false;
      this.merging = this.mergeChunk().finally(() => (this.mergeSettled = true));
      // Surfaced by the next `flushIfFull`/`finishCopy`; meanwhile it must not crash the process.
      this.merging.catch(() => undefined);
    }
  }

  private async flush(): Promise<void> {
    if (this.batch.length === 0 && this.held.length === 0) return;
    const held = this.held;
    this.held = [];
    this.heldBytes = 0;
    for (const data of held) await this.send(data);
    if (this.batch.length === 0) return;
    const data = joined(this.batch);
    this.batch = [];
    this.batchBytes = 0;
    await this.send(data);
  }

  private async send(data: string | Buffer): Promise<void> {
    if (!this.copy) this.beginChunk();
    this.copyBytes += data.length;
    if (!this.copy!.write(data)) await Promise.race([once(this.copy!, "drain"), this.copyDone]);
  }

  private async endCopy(): Promise<void> {
    if (this.direct) this.copy!.write(BINARY_COPY_TRAILER);
    this.copy!.end();
    await this.copyDone;
    this.copy = undefined;
  }

  /**
   * A direct import: makes sure the dictionary holds ids for `rows` more new combinations (the rows of the next
   * slice of the file and those held back), reserving them from `dimension_sets`' identity sequence when not.
   * The connection is then needed between two COPYs: the rows sent so far end their COPY (the next line starts
   * another) and the combinations queued so far are written down.
   */
  async reserveIds(rows: number): Promise<void> {
    const dictionary = this.direct!;
    const count = dictionary.shortfall(rows);
    if (count === 0) return;
    await this.flush();
    if (this.copy) await this.endCopy();
    await this.writeNewSets();
    // The sequence's name looked up once: `pg_get_serial_sequence` in the select list ran for every id (3 µs each,
    // 60 ms of a new source's first 20,000), `nextval` alone takes a tenth of that.
    this.idSequence ??= (
      await this.client.query<{ name: string }>("select pg_get_serial_sequence('dimension_sets', 'id') as name")
    ).rows[0].name;
    const { rows: ids } = await this.client.query<{ id: string }>(
      `select nextval(${this.client.escapeLiteral(this.idSequence)}::regclass)::text as id from generate_series(1, $1)`,
      [count],
    );
    dictionary.addReserved(ids.map((r) => Number(r.id)));
  }

  /** Writes the combinations new to the project the dictionary queued into `upload_sets` (between COPYs). */
  private async writeNewSets(): Promise<void> {
    const text = this.direct!.takeNew();
    if (text === "") return;
    await this.copyText("upload_sets", ["id", "key", ...this.target!.dimensionColumns], text);
  }

  /** COPYs text held in memory (a few MB at most) into a table, between the streamed COPYs of the rows. */
  private async copyText(table: string, columns: readonly string[], text: string): Promise<void> {
    const stream = this.client.query(copyFrom(`copy ${table} (${columns.join(", ")}) from stdin`));
    const done = new Promise<void>((resolve, reject) => {
      stream.on("finish", resolve);
      stream.on("error", reject);
    });
    stream.end(text);
    await done;
  }

  /**
   * Ends the last COPY and merges the last chunk: every row is in the table this import builds, and staged unless
   * COPYed there with its id. `dates`: the file's days (the encoder's; the rows are not scanned again for them);
   * `rows`: its rows; `sums`: their rollups, summed as they were read (used by `merge` when complete).
   */
  async finishCopy(dates: ReadonlySet<string>, rows = 0, sums?: UploadRollupSums): Promise<void> {
    this.fileRows = rows;
    this.sums = sums?.complete ? sums : undefined;
    const { oldDates } = this.prepared!;
    for (const date of dates) {
      this.fileDates.add(date);
      if (oldDates.has(date)) this.replaced.add(date);
    }
    await this.merging;
    await this.flush();
    if (this.copy) {
      await this.endCopy();
      if (!this.direct) await this.mergeChunk();
    }
    const { building, replacing } = this.prepared!;
    if (this.direct) await this.completeDirectPartition();
    // A replacement's key is built now (a repeated row shows here); it takes the partition's place at the commit.
    else if (replacing) await this.buildKey(building);
    else await this.attachPartition();
    await this.client.query("insert into upload_days select unnest($1::date[])", [[...dates]]);
  }

  private get rollupOwner(): RollupOwner {
    return { sourceId: this.target!.dataSourceId, projectId: this.target!.projectId };
  }

  /** Whether the file has every day the source had: its rollups are then the file's alone. */
  private get replacesEveryDay(): boolean {
    return [...this.prepared!.oldDates].every((date) => this.fileDates.has(date));
  }

  /**
   * Runs a statement that keeps PostgreSQL busy for a while (building a million rows' key) and meanwhile writes the
   * rollup sums' COPY text, which Node would otherwise write after it, with the server idle.
   */
  private async whileWritingSums<T>(statement: Promise<T>): Promise<T> {
    try {
      this.sums?.prepareCopies(this.replacesEveryDay, this.rollupOwner);
    } catch (error) {
      await statement.catch(() => undefined);
      throw error;
    }
    return statement;
  }

  /** Locks the source (creating it first when asked) and reads its days, before the first chunk. */
  private async prepare(target: StagingTarget) {
    if (target.createSource) {
      const { agencyId, name, createdById } = target.createSource;
      await this.client.query(
        `insert into data_sources (id, agency_id, project_id, source_name, kind, name, created_by_id)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [target.dataSourceId, agencyId, target.projectId, UPLOAD_SOURCE_NAME, UPLOAD_SOURCE_KIND, name, createdById],
      );
    }
    // Serialises uploads to one source (their chunks would otherwise interleave) without locking
    // the source's row for the whole upload: a slow upload must not hold up editing the source. The
    // key-share lock keeps the source from being deleted meanwhile; one deleted before is gone.
    await this.client.query("select pg_advisory_xact_lock(hashtext('upload:' || $1))", [target.dataSourceId]);
    const locked = await this.client.query<{ version: string; grain: Grain }>(
      "select updated_at::text as version, grain from data_sources where id = $1 for key share",
      [target.dataSourceId],
    );
    if (locked.rowCount === 0) throw new NotFoundError();
    // A source without a partition has no rows: they go into a table of their own without indexes,
    // which gets its primary key built once and is attached when the file is in (most of an import into
    // `observations` was maintaining its indexes row by row). When the project's combinations fit in
    // memory, the rows are COPYed straight into that table with their dimension set ids (one pass).
    const partition = observationPartitionName(target.dataSourceId);
    const partitionExists = await this.client.query("select to_regclass($1) is not null as exists", [
      `public.${partition}`,
    ]);
    let exists = partitionExists.rows[0].exists as boolean;
    // The project's combinations when they fit in memory; past that, a re-upload's source's own.
    const cap = target.dictionaryCap;
    let dictionary = target.copyColumns.direct
      ? await DimensionDictionary.load(this.client, target.projectId, cap)
      : null;
    if (target.copyColumns.direct && !dictionary && exists)
      dictionary = await DimensionDictionary.loadForSource(this.client, target.projectId, partition, cap);
    // A source with a partition (a re-upload): its rows go into a new table as a first import's do (COPYed with
    // their ids, or staged and inserted chunk by chunk when the project's combinations do not fit in memory), and
    // that table takes the partition's place at the commit with the rows of the source's other days
    // (`replacePartition`). Merged into the partition instead, every row cost an index probe and an index insert.
    let building = exists
      ? null
      : await beginPartitionBuild(
          this.client,
          target.dataSourceId,
          dictionary ? { projectId: target.projectId } : undefined,
        );
    if (building === null) {
      // Also when another writer created the partition since it was looked for.
      exists = true;
      building = await beginPartitionReplacement(this.client, target.dataSourceId, target.projectId);
    }
    // The source's days, one index probe each (a skip scan of the primary key), read before
    // anything is deleted: which of the file's days replace earlier ones, and which are kept.
    // Read from the partition itself: a statement on `observations` would hold a lock on all of it until the commit,
    // which another import's swap (`replacePartition`) would have to wait for. A partition this import builds is empty.
    // (The source is named all the same: the primary key's first column, without which it cannot be probed.)
    const days = exists
      ? await this.client.query<{ date: string }>(
          `with recursive d(date) as (
             select min(date) from public.${partition} where data_source_id = $1
             union all
             select (select min(o.date) from public.${partition} o
                     where o.data_source_id = $1 and o.date > d.date)
             from d where d.date is not null)
           select date::text as date from d where date is not null`,
          [target.dataSourceId],
        )
      : { rows: [] as { date: string }[] };
    const previousVersion = locked.rows[0].version;
    // Rows per day as the report rollups count them, when they are current: how many rows a re-upload would copy
    // from the days the file does not have (`replacePartition`).
    const totals = await this.client.query<{ date: string; rows: number }>(
      `select t.date::text as date, t.rows from observation_daily_totals t
       where t.data_source_id = $1
         and exists (select 1 from daily_totals_state s where s.data_source_id = $1 and s.source_version = $2::timestamptz)`,
      [target.dataSourceId, previousVersion],
    );
    const oldRows = totals.rowCount ? new Map(totals.rows.map((r) => [r.date, r.rows])) : null;
    return {
      previousVersion,
      grain: locked.rows[0].grain,
      oldDates: new Set(days.rows.map((r) => r.date)),
      oldRows,
      building,
      replacing: exists,
      dictionary,
    };
  }

  /**
   * Merges the last chunk's rows (`upload_chunk_<n>`): adds their new combinations to
   * `dimension_sets` and inserts them into the table this import builds. One round trip of statements: while
   * they run, Node is busy reading the next chunk and would answer each statement's end late.
   */
  private async mergeChunk(): Promise<void> {
    const started = performance.now();
    const target = this.target!;
    const prepared = this.prepared!;
    const chunk = `upload_chunk_${this.chunkCount}`;
    const source = this.client.escapeLiteral(target.dataSourceId);
    const project = this.client.escapeLiteral(target.projectId);
    const dims = DIMENSION_COLUMNS.join(", ");
    const metrics = target.metricColumns;
    const into = `insert into ${prepared.building} (data_source_id, project_id, date, dimension_set_id, ${metrics.join(", ")})`;
    const statements = [
      `insert into upload_new_keys select combo, key, ${dims} from ${chunk} where key is not null`,
      "insert into upload_keys select * from upload_new_keys",
      `insert into dimension_sets (project_id, key, ${dims})
       select ${project}, s.key, ${DIMENSION_COLUMNS.map((c) => `s.${c}`).join(", ")}
       from (select distinct key, ${dims} from upload_new_keys) s
       where not exists (select 1 from dimension_sets d where d.project_id = ${project} and d.key = s.key)
       on conflict (project_id, key) do nothing`,
      // Its own statement: it sees the sets another import of the project committed meanwhile.
      `insert into upload_combos
       select s.combo, d.id from upload_new_keys s join dimension_sets d on d.project_id = ${project} and d.key = s.key`,
      "truncate upload_new_keys",
      // Small: analysed as it grows, so no plan that joins the rows to it can go quadratic.
      "analyze upload_combos",
      "savepoint before_insert",
      // The table this import builds is empty until the commit: every row is new. Only the file's metric columns:
      // the others stay NULL (their default).
      `${into} select ${source}, ${project}, s.date, c.id, ${metrics.map((c) => `s.${c}`).join(", ")}
       from ${chunk} s join upload_combos c on c.combo = s.combo`,
    ];
    statements.push("release savepoint before_insert");
    try {
      await this.client.query(statements.join(";\n"));
    } catch (error) {
      if ((error as { code?: string }).code !== "23505") throw error;
      await this.client.query("rollback to savepoint before_insert");
      throw await this.duplicateError();
    }
    target.onPhase?.("merge a chunk", performance.now() - started);
  }

  /**
   * Ends a direct import's partition: adds the file's new combinations to `dimension_sets` (re-pointing the rows
   * of any that another import added first), builds the primary key (where a repeated row shows), drops the
   * `line` column and attaches it.
   */
  private async completeDirectPartition(): Promise<void> {
    let started = performance.now();
    const target = this.target!;
    const partition = this.prepared!.building!;
    const project = this.client.escapeLiteral(target.projectId);
    await this.writeNewSets();
    const dims = target.dimensionColumns.join(", ");
    await this.client.query("analyze upload_sets");
    // In key order: two imports adding the same combinations wait for each other in the same order, never in a
    // cycle. `on conflict do nothing` also skips a combination the dictionary gave two ids (past its cap).
    await this.client.query(
      `insert into dimension_sets (id, project_id, key${dims ? `, ${dims}` : ""}) overriding system value
       select id, ${project}, key${dims ? `, ${dims}` : ""} from upload_sets order by key
       on conflict (project_id, key) do nothing`,
    );
    const repointed = await this.client.query(
      `create temporary table upload_repoint on commit drop as
       select s.id as ours, d.id as theirs from upload_sets s
       join dimension_sets d on d.project_id = ${project} and d.key = s.key
       where d.id <> s.id`,
    );
    if (repointed.rowCount) {
      await this.client.query("analyze upload_repoint");
      await this.client.query(
        `update ${partition} p set dimension_set_id = r.theirs from upload_repoint r where p.dimension_set_id = r.ours`,
      );
    }
    target.onPhase?.("add new dimension sets", performance.now() - started);
    await this.buildKey(partition);
    // A replacement takes the partition's place at the commit.
    if (this.prepared!.replacing) return;
    started = performance.now();
    await attachBuiltPartition(this.client, target.dataSourceId, true);
    target.onPhase?.("attach the partition", performance.now() - started);
  }

  /** Builds the primary key of the table this import built (`partition`); a repeated row shows here. */
  private async buildKey(partition: string): Promise<void> {
    const started = performance.now();
    await this.client.query("savepoint before_key");
    try {
      await this.whileWritingSums(buildPartitionKey(this.client, this.target!.dataSourceId, partition));
    } catch (error) {
      if ((error as { code?: string }).code !== "23505") throw error;
      await this.client.query("rollback to savepoint before_key");
      throw await this.duplicateError();
    }
    await this.client.query("release savepoint before_key");
    this.target!.onPhase?.("build the partition's key", performance.now() - started);
  }

  /** Attaches the partition this import built; a repeated row shows as the primary key is built. */
  private async attachPartition(): Promise<void> {
    const started = performance.now();
    await this.client.query("savepoint before_attach");
    try {
      await this.whileWritingSums(attachBuiltPartition(this.client, this.target!.dataSourceId));
    } catch (error) {
      if ((error as { code?: string }).code !== "23505") throw error;
      await this.client.query("rollback to savepoint before_attach");
      throw await this.duplicateError();
    }
    this.target!.onPhase?.("build the partition's key and attach it", performance.now() - started);
  }

  /**
   * Records the upload summary on the source and brings its report rollups up to date; call after
   * `finishCopy` (every row is in the table this import builds by then).
   */
  async merge(input: {
    dataSourceId: string;
    /** What one of the file's rows covers: the source takes it (one with rows keeps its own: docs/decisions/0019). */
    grain: Grain;
    summary: Record<string, unknown>;
    /** Remembered on the source for its next upload. */
    mapping?: CsvMapping;
    onPhase?: (phase: string, ms: number) => void;
  }): Promise<MergeResult> {
    const q = async (text: string, values: unknown[] = []) => {
      const started = performance.now();
      const result = await this.client.query(text, values);
      input.onPhase?.(text.trim().split(/\s+/).slice(0, 3).join(" "), performance.now() - started);
      return result;
    };
    const { previousVersion, grain, oldDates } = this.prepared!;
    // A source keeps one grain: its rows all cover a day, or a week, or a month. Days the file does not have stay.
    const keeps = [...oldDates].some((date) => !this.fileDates.has(date));
    if (grain !== input.grain && (keeps || this.replaced.size > 0))
      throw new CsvImportError(X.otherGrain(grain, input.grain));
    await q(
      `update data_sources set additional = additional || jsonb_build_object('upload', $2::jsonb),
         csv_mapping = coalesce($3::jsonb, csv_mapping), grain = $4, updated_at = now() where id = $1`,
      [
        input.dataSourceId,
        JSON.stringify(input.summary),
        input.mapping ? JSON.stringify(input.mapping) : null,
        input.grain,
      ],
    );
    // The file's days, one row each: the rollup rows to redo and their weeks.
    await q("analyze upload_days");
    // The report rollups of the replaced dates, from the staged rows; when none of the source's
    // earlier days is left, from the staged rows alone.
    const onlyStaged = this.replacesEveryDay;
    const started = performance.now();
    const rows = this.stagedRows();
    const sums = this.sums;
    // When every day is the file's, its rollups are COPYed straight into the rollup tables (`copyRollups`).
    if (sums && !onlyStaged) await this.loadSums(sums);
    // Temporary tables are never auto-analysed: the aggregates over the staged rows need the statistics.
    else if (!sums) await q(`analyze ${rows.table}`);
    const merged = await mergeStagedRollups(this.client, {
      sourceId: input.dataSourceId,
      previousVersion,
      onlyStaged,
      staged: rows.staged,
      keys: rows.keys,
      days: "upload_days",
      sums: sums && !onlyStaged ? { daily: "upload_daily_sums", segments: "upload_segment_sums" } : undefined,
      writeRollups: sums && onlyStaged ? () => this.copyRollups(sums) : undefined,
      metricColumns: this.target!.metricColumns,
    });
    if (merged) input.onPhase?.("merge report rollups", performance.now() - started);
    return { replacedDates: this.replaced.size };
  }

  /**
   * Writes the rollup sums into `upload_daily_sums` and `upload_segment_sums` for `mergeStagedRollups` (a file that
   * keeps some of the source's days: their weeks are summed again in SQL).
   */
  private async loadSums(sums: UploadRollupSums): Promise<void> {
    const metrics = METRIC_COLUMNS.map((c) => `${c} double precision`).join(", ");
    await this.client.query(
      `create temporary table upload_daily_sums (data_source_id uuid, project_id uuid, date date, rows integer,
         ${metrics}) on commit drop;
       create temporary table upload_segment_sums (data_source_id uuid, date date, dimension text, value text,
         rows integer, ${metrics}) on commit drop`,
    );
    const copies = sums.prepareCopies(false, this.rollupOwner);
    await this.copyText("upload_daily_sums", ROLLUP_COPY_COLUMNS.daily(sums), copies.daily);
    await this.copyText("upload_segment_sums", ROLLUP_COPY_COLUMNS.segments(sums, "date"), copies.segments);
  }

  /**
   * A file that has every day of its source: its rollups, summed as the rows were read, COPYed straight into the
   * four rollup tables (their old rows deleted): no temporary table to write and read again.
   */
  private async copyRollups(sums: UploadRollupSums): Promise<void> {
    const copies = sums.prepareCopies(true, this.rollupOwner);
    await this.copyText("observation_daily_totals", ROLLUP_COPY_COLUMNS.daily(sums), copies.daily);
    await this.copyText("observation_segment_daily", ROLLUP_COPY_COLUMNS.segments(sums, "date"), copies.segments);
    await this.copyText("observation_segment_weekly", ROLLUP_COPY_COLUMNS.segments(sums, "week"), copies.weekly!);
    await this.copyText(
      "observation_segment_four_weekly",
      ROLLUP_COPY_COLUMNS.segments(sums, "block"),
      copies.fourWeekly!,
    );
  }

  /**
   * The file's rows as `mergeStagedRollups` reads them (`date`, `combo`, the metric columns) and their
   * combinations (`combo` and the dimension columns); `table`: the table to analyse before summing them. A direct
   * import's rows are its partition's, with their dimension set ids for combinations.
   */
  private stagedRows(): { staged: string; keys: string; table: string } {
    if (!this.direct) return { staged: "upload_staging", keys: "upload_keys", table: "upload_staging" };
    const partition = this.prepared!.building!;
    const project = this.client.escapeLiteral(this.target!.projectId);
    return { ...writtenRowsAsStaged(partition, project, this.target!.metricColumns), table: partition };
  }

  /** The first row that repeats an earlier row's date and dimension values. */
  private async duplicateError(): Promise<CsvImportError> {
    // A direct import's rows are in its partition (with their lines until it is attached).
    const rows = this.direct
      ? `select line, date, dimension_set_id as id from ${this.prepared!.building}`
      : "select s.line, s.date, c.id from upload_staging s join upload_combos c on c.combo = s.combo";
    const { rows: found } = await this.client.query<{ line: number; first: number }>(
      `select line, first from (select line, min(line) over (partition by date, id) as first from (${rows}) r) s
       where line <> first order by line limit 1`,
    );
    return new DuplicateRowError(found[0].line, found[0].first);
  }

  async commit(): Promise<void> {
    if (this.prepared?.replacing) await this.replacePartition();
    await this.client.query("commit");
    await this.close();
  }

  /**
   * A re-upload's last step before its commit: its table, with the rows of the source's days the file does not
   * have copied in, takes the partition's place (`swapInReplacement`). When those kept rows would be most of the
   * copy (a few days uploaded into a long history), or the swap cannot have its lock, the file's rows are merged
   * into the partition instead; both leave the same rows.
   */
  private async replacePartition(): Promise<void> {
    const started = performance.now();
    const { oldDates, oldRows } = this.prepared!;
    const sourceId = this.target!.dataSourceId;
    const kept = [...oldDates].filter((date) => !this.fileDates.has(date));
    const fileDays = [...this.fileDates];
    const keptRows =
      kept.length === 0
        ? 0
        : oldRows
          ? kept.reduce((sum, date) => sum + (oldRows.get(date) ?? 0), 0)
          : Number(
              (
                await this.client.query<{ n: string }>(
                  `select count(*) as n from public.${observationPartitionName(sourceId)} where date = any($1::date[])`,
                  [kept],
                )
              ).rows[0].n,
            );
    let swapped = false;
    if (keptRows <= Math.max(this.fileRows, MIN_ROWS_TO_COPY)) {
      await this.client.query("savepoint before_copy");
      await copyKeptRows(this.client, sourceId, kept);
      swapped = await swapInReplacement(this.client, sourceId);
      // The kept rows are not merged in place a second time.
      if (!swapped) await this.client.query("rollback to savepoint before_copy");
      else await this.client.query("release savepoint before_copy");
    }
    if (!swapped) await mergeReplacementInPlace(this.client, sourceId, fileDays);
    this.target!.onPhase?.(
      swapped ? "swap in the new partition" : "merge into the partition",
      performance.now() - started,
    );
  }

  /** Rolls back (the staging table goes with it) and closes the connection; safe to call twice. */
  async abort(): Promise<void> {
    if (this.closed) return;
    if (this.copy) {
      // Sends CopyFail; the server then rejects the COPY, which `copyDone` absorbs.
      this.copy.destroy();
      await this.copyDone?.catch(() => undefined);
      this.copy = undefined;
    }
    await this.client.query("rollback").catch(() => undefined);
    await this.close();
  }

  private async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.client.end().catch(() => undefined);
  }
}

/** The columns of the rollup sums' COPY lines (`UploadRollupSums.prepareCopies`), per day and per segment. */
const ROLLUP_COPY_COLUMNS = {
  daily: (sums: UploadRollupSums) => ["data_source_id", "project_id", "date", "rows", ...sums.columns],
  segments: (sums: UploadRollupSums, period: "date" | "week" | "block") => [
    "data_source_id",
    period,
    "dimension",
    "value",
    "rows",
    ...sums.segmentColumns,
  ],
};

/** Queued COPY text as one write: a string when it is all strings, else bytes. */
function joined(parts: (string | Buffer)[]): string | Buffer {
  if (parts.length === 1) return parts[0];
  if (parts.every((p) => typeof p === "string")) return parts.join("");
  return Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "utf8") : p)));
}

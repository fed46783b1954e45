import "server-only";
import { once } from "node:events";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { DATA_SOURCE_MESSAGES as M } from "@/lib/constants/data-source-messages";
import { DIMENSIONS } from "@/lib/catalogue/dimensions";
import { UPLOAD_SOURCE_KIND, UPLOAD_SOURCE_NAME } from "@/lib/constants/observations";
import type { CsvMapping } from "@/lib/validation/csv-mapping";
import { STORED_METRICS } from "@/lib/catalogue/metrics";
import { env } from "../../../env";
import { NotFoundError } from "../../../errors";
import { mergeStagedRollups } from "../../../insights/data/daily-totals";
import { CsvImportError } from "./csv-layout";

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

/**
 * One import, in one transaction on its own connection (a slow upload must not hold a connection
 * of the app's pool): rows are streamed with COPY into a temporary staging table as they are read,
 * and only once the whole file is valid are they merged into `dimension_sets` and `observations`.
 * Any failure before `commit` rolls everything back: nothing of a bad file is ever imported.
 */
export class ObservationStaging {
  private copy: ReturnType<typeof copyFrom> | undefined;
  private copyDone: Promise<void> | undefined;
  private batch: string[] = [];
  private batchBytes = 0;
  private closed = false;

  private constructor(private readonly client: pg.Client) {}

  static async open(connectionString?: string): Promise<ObservationStaging> {
    const client = new pg.Client({
      connectionString: connectionString ?? env().DATABASE_URL,
      application_name: "funnelwise-upload",
    });
    await client.connect();
    const staging = new ObservationStaging(client);
    try {
      await client.query("begin");
      await client.query(`
        create temporary table upload_staging (
          line integer not null,
          date date not null,
          -- The file's number for the row's dimension combination; its first row also carries the
          -- combination's key and values (the others have NULL there).
          combo integer not null,
          key text,
          ${DIMENSION_COLUMNS.map((c) => `${c} text`).join(", ")},
          ${METRIC_COLUMNS.map((c) => `${c} double precision`).join(", ")}
        ) on commit drop`);
    } catch (error) {
      await staging.abort();
      throw error;
    }
    return staging;
  }

  /** Starts the COPY once the header has told which columns the file has. */
  startCopy(columns: string[]): void {
    const copy = this.client.query(copyFrom(`copy upload_staging (${columns.join(", ")}) from stdin`));
    this.copy = copy;
    this.copyDone = new Promise<void>((resolve, reject) => {
      copy.on("finish", resolve);
      copy.on("error", reject);
    });
    // Surfaced by `flush`/`finishCopy`; an unobserved rejection must not crash the process meanwhile.
    this.copyDone.catch(() => undefined);
  }

  /** Queues one line of COPY text; call `flushIfFull` after each chunk of the file. */
  push(line: string): void {
    this.batch.push(line);
    this.batchBytes += line.length;
  }

  /** Sends the queued lines when enough have gathered, waiting when PostgreSQL is behind. */
  async flushIfFull(): Promise<void> {
    if (this.batchBytes >= BATCH_BYTES) await this.flush();
  }

  private async flush(): Promise<void> {
    if (!this.copy || this.batch.length === 0) return;
    const data = this.batch.join("");
    this.batch = [];
    this.batchBytes = 0;
    if (!this.copy.write(data)) await Promise.race([once(this.copy, "drain"), this.copyDone]);
  }

  /** Ends the COPY: every row is in the staging table. */
  async finishCopy(): Promise<void> {
    await this.flush();
    this.copy!.end();
    await this.copyDone;
    this.copy = undefined;
    await this.client.query("analyze upload_staging");
  }

  /**
   * Replaces the source's observations for the file's dates with the staged rows, creating the
   * dimension combinations it has not seen before, and records the upload summary on the source.
   */
  async merge(input: {
    dataSourceId: string;
    projectId: string;
    summary: Record<string, unknown>;
    /** Inserted first, with `dataSourceId` as its id: it exists only if the import commits. */
    createSource?: NewUploadSource;
    /** Remembered on the source for its next upload. */
    mapping?: CsvMapping;
    /** The file's days (ISO dates, each once). */
    dates: string[];
    /** The staging columns the file filled (the file's metrics); the others are NULL in every row. */
    metricColumns: string[];
    onPhase?: (phase: string, ms: number) => void;
  }): Promise<MergeResult> {
    const q = async (text: string, values: unknown[] = []) => {
      const started = performance.now();
      const result = await this.client.query(text, values);
      input.onPhase?.(text.trim().split(/\s+/).slice(0, 3).join(" "), performance.now() - started);
      return result;
    };
    if (input.createSource) {
      const { agencyId, name, createdById } = input.createSource;
      await q(
        `insert into data_sources (id, agency_id, project_id, source_name, kind, name, created_by_id)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [input.dataSourceId, agencyId, input.projectId, UPLOAD_SOURCE_NAME, UPLOAD_SOURCE_KIND, name, createdById],
      );
    }
    // Serialises uploads to one source; a source deleted meanwhile is gone.
    const locked = await q("select updated_at::text as version from data_sources where id = $1 for update", [
      input.dataSourceId,
    ]);
    if (locked.rowCount === 0) throw new NotFoundError();
    const previousVersion = (locked.rows[0] as { version: string }).version;

    const dims = DIMENSION_COLUMNS.join(", ");
    // The file's days, one row each (the encoder collected them): the replaced dates, the rollup
    // rows to redo and their weeks come from here instead of from a scan of the staged rows.
    await q(`create temporary table upload_days on commit drop as select unnest($1::date[]) as date`, [input.dates]);
    await q("analyze upload_days");
    // The file's combinations (one row each), analysed before they meet dimension_sets: that
    // table's statistics are stale right after this import adds to it (a new project reads as
    // empty), and a plan built on them could loop over the staged rows once per dimension set —
    // over a small analysed table of combinations, no plan can go quadratic. (upload_staging
    // itself was analysed when the COPY ended: temporary tables are never auto-analysed.)
    await q(
      `create temporary table upload_keys on commit drop as
       select combo, key, ${dims} from upload_staging where key is not null`,
    );
    await q("analyze upload_keys");
    await q(
      `insert into dimension_sets (project_id, key, ${dims})
       select $1, s.key, ${DIMENSION_COLUMNS.map((c) => `s.${c}`).join(", ")}
       from (select distinct key, ${dims} from upload_keys) s
       where not exists (select 1 from dimension_sets d where d.project_id = $1 and d.key = s.key)
       on conflict (project_id, key) do nothing`,
      [input.projectId],
    );
    await q(
      `create temporary table upload_combos on commit drop as
       select s.combo, d.id from upload_keys s join dimension_sets d on d.project_id = $1 and d.key = s.key`,
      [input.projectId],
    );
    await q("analyze upload_combos");
    // Which of the file's days the source had, one index probe per day (counting the deleted
    // rows' dates instead meant sorting a million returned dates).
    const replaced = await q(
      `select count(*)::int as dates from upload_days d
       where exists (select 1 from observations o where o.data_source_id = $1 and o.date = d.date)`,
      [input.dataSourceId],
    );
    const replacedDates = (replaced.rows[0] as { dates: number }).dates;
    if (replacedDates > 0)
      await q(`delete from observations o using upload_days d where o.data_source_id = $1 and o.date = d.date`, [
        input.dataSourceId,
      ]);
    // No other rows left: the staged rows alone make the source's rollups (asked only when the
    // rollups are not current: after a delete, the probe can walk the deleted rows' index entries).
    const current = await q(
      "select 1 from daily_totals_state where data_source_id = $1 and source_version = $2::timestamptz",
      [input.dataSourceId, previousVersion],
    );
    const onlyStaged =
      current.rowCount === 0 &&
      (await q("select 1 from observations where data_source_id = $1 limit 1", [input.dataSourceId])).rowCount === 0;
    // Only the file's metric columns: the others stay NULL (their default).
    const metrics = input.metricColumns;
    await q("savepoint before_insert");
    try {
      await q(
        `insert into observations (data_source_id, project_id, date, dimension_set_id, ${metrics.join(", ")})
         select $1, $2, s.date, c.id, ${metrics.map((c) => `s.${c}`).join(", ")}
         from upload_staging s join upload_combos c on c.combo = s.combo`,
        [input.dataSourceId, input.projectId],
      );
    } catch (error) {
      if ((error as { code?: string }).code !== "23505") throw error;
      await q("rollback to savepoint before_insert");
      throw await this.duplicateError();
    }
    await q(
      `update data_sources set additional = additional || jsonb_build_object('upload', $2::jsonb),
         csv_mapping = coalesce($3::jsonb, csv_mapping), updated_at = now() where id = $1`,
      [input.dataSourceId, JSON.stringify(input.summary), input.mapping ? JSON.stringify(input.mapping) : null],
    );
    // The report rollups of the replaced dates, from the staged rows (a new source has none yet:
    // its first report builds them).
    const started = performance.now();
    const merged = await mergeStagedRollups(this.client, {
      sourceId: input.dataSourceId,
      previousVersion,
      onlyStaged,
      staged: "upload_staging",
      keys: "upload_keys",
      days: "upload_days",
      metricColumns: metrics,
    });
    if (merged) input.onPhase?.("merge report rollups", performance.now() - started);
    return { replacedDates };
  }

  /** The first row that repeats an earlier row's date and dimension values. */
  private async duplicateError(): Promise<CsvImportError> {
    const { rows } = await this.client.query<{ line: number; first: number }>(
      `select line, first from (
         select s.line, min(s.line) over (partition by s.date, c.id) as first
         from upload_staging s join upload_combos c on c.combo = s.combo
       ) s where line <> first order by line limit 1`,
    );
    return new CsvImportError(M.duplicateRow(rows[0].line, rows[0].first));
  }

  async commit(): Promise<void> {
    await this.client.query("commit");
    await this.close();
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

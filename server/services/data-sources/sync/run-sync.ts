import "server-only";
import { eq } from "drizzle-orm";
import { db, pool } from "../../../db/client";
import { dataSources, dataSourceSyncRuns, dataSourceSyncStates, type DataSourceSyncState } from "../../../db/schema";
import { GoogleApiError, toGoogleError } from "../../../integrations/google/errors";
import { log } from "../../../log";
import { connectorFor } from "./connectors";
import type { RowBuffer } from "./row-buffer";
import { addDays, dayRanges, isoDay, subtractMonths } from "./dates";
import { googleClientFor } from "./google-session";
import { replaceDays } from "./replace-days";
import { finishSyncRun, startSyncRun } from "./sync-run-record";

/** Days the daily sync re-reads: analytics keep adding late hits to recent days. */
export const RECENT_DAYS = 3;

export type SyncOutcome =
  | {
      status: "succeeded";
      runId: string;
      mode: "initial" | "incremental";
      rows: number;
      startDate: string;
      endDate: string;
    }
  | { status: "failed"; runId: string; error: GoogleApiError }
  | { status: "skipped"; reason: "not-syncable" | "already-running" | "token-update-failed" | "up-to-date" };

export interface SyncOptions {
  /** The sync's "today" (tests pin it); days up to yesterday are imported. */
  today?: string;
}

/**
 * Imports a connected source: the first import of what the API holds (15 months, 16 for Search
 * Console), resumed after the last committed day if a worker died; afterwards the last 3 days
 * (and any days missed while no sync ran). One batch of days per transaction; at most one sync per
 * source at a time, across processes (a session advisory lock, released by PostgreSQL if the
 * worker dies). Each run is recorded with its rows, duration and error.
 *
 * Quota, outages and unreadable answers are thrown after the run is recorded, so the job retries
 * later; a refused token marks the source token-update-failed and waits for the user to reconnect.
 */
export async function syncDataSource(dataSourceId: string, options: SyncOptions = {}): Promise<SyncOutcome> {
  const [source] = await db().select().from(dataSources).where(eq(dataSources.id, dataSourceId));
  const connector = source && source.kind === "google" ? connectorFor(source.subType) : undefined;
  if (!source || !connector || source.status !== "active") return { status: "skipped", reason: "not-syncable" };

  const lockClient = await pool().connect();
  try {
    const locked = await lockClient.query<{ ok: boolean }>(
      "select pg_try_advisory_lock(hashtextextended($1, 7)) as ok",
      [`sync:${dataSourceId}`],
    );
    if (!locked.rows[0].ok) return { status: "skipped", reason: "already-running" };
    try {
      return await runLocked(source, connector, options);
    } finally {
      await lockClient.query("select pg_advisory_unlock(hashtextextended($1, 7))", [`sync:${dataSourceId}`]);
    }
  } finally {
    lockClient.release();
  }
}

async function runLocked(
  source: typeof dataSources.$inferSelect,
  connector: NonNullable<ReturnType<typeof connectorFor>>,
  options: SyncOptions,
): Promise<SyncOutcome> {
  await db().insert(dataSourceSyncStates).values({ dataSourceId: source.id }).onConflictDoNothing();
  const [state] = await db()
    .select()
    .from(dataSourceSyncStates)
    .where(eq(dataSourceSyncStates.dataSourceId, source.id));

  let client;
  try {
    client = await googleClientFor(source.thirdPartySessionId);
  } catch (error) {
    return recordFailureWithoutRun(source, toGoogleError(error));
  }
  // After a refused refresh, wait until the user reconnects (the sign-in is updated then).
  if (state.tokenUpdateFailedAt && client.session.updatedAt <= state.tokenUpdateFailedAt)
    return { status: "skipped", reason: "token-update-failed" };

  const today = options.today ?? isoDay(new Date());
  const plan = planRun(state, connector.historyMonths, today);
  if (!plan) return { status: "skipped", reason: "up-to-date" };

  const run = await startSyncRun(source, plan);

  let rows = 0;
  // Fetch the next batch while the previous one is written: at most two batches in memory.
  let writing: Promise<void> = Promise.resolve();
  try {
    for (const range of dayRanges(plan.start, plan.end, connector.batchDays)) {
      const buffer = connector.newBuffer(source);
      await connector.fetch({ auth: client.auth, source, startDate: range.start, endDate: range.end, buffer });
      await writing;
      writing = writeBatch(source, plan, range, buffer).then((written) => {
        rows += written;
      });
      writing.catch(() => undefined);
    }
    await writing;
  } catch (raw) {
    // A batch fetched before the failure is still being written: let it commit before recording.
    await writing.catch(() => undefined);
    const error = raw instanceof GoogleApiError ? raw : toGoogleError(raw);
    const known = raw instanceof GoogleApiError || (raw as { response?: unknown })?.response !== undefined;
    if (!known) {
      // Not Google's doing (the database, a bug): record it and let the job retry.
      await finishSyncRun(run, rows, String(raw), String(raw));
      throw raw;
    }
    await finishSyncRun(run, rows, error.message, error.detail ?? null);
    await db()
      .update(dataSourceSyncStates)
      .set({ lastError: error.message, ...(error.kind === "token" ? { tokenUpdateFailedAt: new Date() } : {}) })
      .where(eq(dataSourceSyncStates.dataSourceId, source.id));
    log("warn", "data source sync failed", { dataSourceId: source.id, kind: error.kind, detail: error.detail });
    if (error.kind === "quota" || error.kind === "unavailable" || error.kind === "malformed") throw error;
    return { status: "failed", runId: run.id, error };
  }

  await finishSyncRun(run, rows, null, null);
  await db()
    .update(dataSourceSyncStates)
    .set({
      lastSuccessAt: new Date(),
      lastError: null,
      tokenUpdateFailedAt: null,
      ...(plan.mode === "initial" ? { initialCompletedAt: new Date() } : {}),
    })
    .where(eq(dataSourceSyncStates.dataSourceId, source.id));
  return { status: "succeeded", runId: run.id, mode: plan.mode, rows, startDate: plan.start, endDate: plan.end };
}

interface Plan {
  mode: "initial" | "incremental";
  start: string;
  end: string;
  initialStart: string;
}

/** Which days this run imports: up to yesterday (today is still filling up). */
export function planRun(state: DataSourceSyncState, historyMonths: number, today: string): Plan | undefined {
  const end = addDays(today, -1);
  const initialStart = state.initialStartDate ?? subtractMonths(today, historyMonths);
  if (!state.initialCompletedAt) {
    const start = state.importedThrough ? addDays(state.importedThrough, 1) : initialStart;
    return start <= end ? { mode: "initial", start, end, initialStart } : undefined;
  }
  // The last days again, and every day since the last committed one if runs were missed.
  const recent = addDays(today, -RECENT_DAYS);
  const resume = state.importedThrough ? addDays(state.importedThrough, 1) : recent;
  const start = resume < recent ? resume : recent;
  return start <= end ? { mode: "incremental", start, end, initialStart } : undefined;
}

async function writeBatch(
  source: typeof dataSources.$inferSelect,
  plan: Plan,
  range: { start: string; end: string },
  buffer: RowBuffer,
): Promise<number> {
  const { rows } = await replaceDays({
    dataSourceId: source.id,
    projectId: source.projectId,
    startDate: range.start,
    endDate: range.end,
    rows: buffer,
    // Progress commits with the rows: a resumed import starts right after the last committed day.
    afterWrite: async (tx) => {
      await tx.query(
        `update data_source_sync_states set imported_through = greatest(imported_through, $2::date),
           initial_start_date = coalesce(initial_start_date, $3::date), updated_at = now()
         where data_source_id = $1`,
        [source.id, range.end, plan.initialStart],
      );
    },
  });
  return rows;
}

async function recordFailureWithoutRun(
  source: typeof dataSources.$inferSelect,
  error: GoogleApiError,
): Promise<SyncOutcome> {
  const [run] = await db()
    .insert(dataSourceSyncRuns)
    .values({
      agencyId: source.agencyId,
      dataSourceId: source.id,
      mode: "incremental",
      status: "failed",
      durationMs: 0,
      error: error.message,
      errorDetail: error.detail ?? null,
      finishedAt: new Date(),
    })
    .returning({ id: dataSourceSyncRuns.id });
  await db()
    .update(dataSourceSyncStates)
    .set({ lastError: error.message, ...(error.kind === "token" ? { tokenUpdateFailedAt: new Date() } : {}) })
    .where(eq(dataSourceSyncStates.dataSourceId, source.id));
  return { status: "failed", runId: run.id, error };
}

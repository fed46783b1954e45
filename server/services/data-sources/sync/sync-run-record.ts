import "server-only";
import { eq, sql } from "drizzle-orm";
import { db } from "../../../db/client";
import { dataSourceSyncRuns } from "../../../db/schema";

/** Every sync (Google or partner) records one run: what it planned, then its rows, duration and error. */
export async function startSyncRun(
  source: { id: string; agencyId: string },
  plan: { mode: "initial" | "incremental"; start: string; end: string },
): Promise<{ id: string; started: number }> {
  const started = Date.now();
  const [run] = await db()
    .insert(dataSourceSyncRuns)
    .values({
      agencyId: source.agencyId,
      dataSourceId: source.id,
      mode: plan.mode,
      startDate: plan.start,
      endDate: plan.end,
    })
    .returning({ id: dataSourceSyncRuns.id });
  return { id: run.id, started };
}

export async function finishSyncRun(
  run: { id: string; started: number },
  rows: number,
  error: string | null,
  detail: string | null,
): Promise<void> {
  await db()
    .update(dataSourceSyncRuns)
    .set({
      status: error ? "failed" : "succeeded",
      rows,
      durationMs: Date.now() - run.started,
      error,
      errorDetail: detail,
      finishedAt: sql`now()`,
    })
    .where(eq(dataSourceSyncRuns.id, run.id));
}

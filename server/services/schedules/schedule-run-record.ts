import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { db } from "../../db/client";
import { scheduleRuns, type ScheduleRun } from "../../db/schema";

/**
 * Takes a run for delivery. Returns null when it was already delivered, so a retried or duplicated
 * delivery job never sends it a second time. A run left "delivering" by a killed worker can be
 * taken again: the job's retry is its only way to finish.
 */
export async function claimScheduleRun(runId: string): Promise<ScheduleRun | null> {
  const [run] = await db()
    .update(scheduleRuns)
    .set({ status: "delivering", attempts: sql`${scheduleRuns.attempts} + 1`, updatedAt: new Date() })
    .where(and(eq(scheduleRuns.id, runId), inArray(scheduleRuns.status, ["queued", "delivering", "failed"])))
    .returning();
  return run ?? null;
}

export async function markScheduleRunDelivered(runId: string, result: Record<string, unknown>): Promise<void> {
  await db()
    .update(scheduleRuns)
    .set({ status: "delivered", result, error: null, deliveredAt: new Date(), updatedAt: new Date() })
    .where(eq(scheduleRuns.id, runId));
}

/** Records why a run failed, in words the user can act on; the job's retry may take it again. */
export async function markScheduleRunFailed(runId: string, reason: string): Promise<void> {
  await db()
    .update(scheduleRuns)
    .set({ status: "failed", error: reason.slice(0, 1000), updatedAt: new Date() })
    .where(and(eq(scheduleRuns.id, runId), inArray(scheduleRuns.status, ["queued", "delivering", "failed"])));
}

import "server-only";
import { and, eq, lt } from "drizzle-orm";
import { db } from "../../db/client";
import { scheduleRuns } from "../../db/schema";

/** A queued run this old with no attempt has lost its job (the tick stopped between writing and queueing). */
export const STALE_QUEUED_MINUTES = 10;

/** Runs to queue again. A second job for a run still waiting is harmless: the run's claim lets one through. */
export async function staleQueuedRuns(now = new Date(), limit = 1000): Promise<string[]> {
  const before = new Date(now.getTime() - STALE_QUEUED_MINUTES * 60_000);
  const rows = await db()
    .select({ id: scheduleRuns.id })
    .from(scheduleRuns)
    .where(and(eq(scheduleRuns.status, "queued"), eq(scheduleRuns.attempts, 0), lt(scheduleRuns.createdAt, before)))
    .limit(limit);
  return rows.map((r) => r.id);
}

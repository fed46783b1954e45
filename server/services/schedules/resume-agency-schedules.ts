import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { nextRun } from "@/lib/schedules/next-run";
import type { Tx } from "../../db/client";
import { clientProjects, schedules } from "../../db/schema";
import { log } from "../../log";

/**
 * An agency whose subscription runs again: each of its active schedules is set to its next regular time from now, so
 * a due time that passed while it was suspended is not delivered late as a catch-up. Runs in the caller's transaction.
 */
export async function resumeAgencySchedules(tx: Tx, agencyId: string, now = new Date()): Promise<number> {
  const rows = await tx
    .select({
      id: schedules.id,
      frequency: schedules.frequency,
      weekday: schedules.weekday,
      monthDay: schedules.monthDay,
      month: schedules.month,
      time: schedules.timeOfDay,
      timeZone: clientProjects.timeZone,
    })
    .from(schedules)
    .innerJoin(clientProjects, eq(clientProjects.id, schedules.projectId))
    .where(and(eq(schedules.agencyId, agencyId), eq(schedules.isActive, true)));
  const moves = rows.flatMap((s) => {
    try {
      return [{ id: s.id, next_run_at: nextRun(s, s.timeZone, now).toISOString() }];
    } catch (error) {
      log("error", "schedule has an invalid timing", { scheduleId: s.id, error: String(error) });
      return [];
    }
  });
  if (moves.length === 0) return 0;
  await tx.execute(sql`
    update schedules s set next_run_at = v.next_run_at, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(moves)}::jsonb) as v(id uuid, next_run_at timestamptz)
    where s.id = v.id`);
  return moves.length;
}

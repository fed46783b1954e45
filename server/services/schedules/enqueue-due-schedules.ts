import "server-only";
import { and, asc, eq, lte, sql } from "drizzle-orm";
import { closedPeriod, nextRun, type ScheduleTiming } from "@/lib/schedules/next-run";
import { db } from "../../db/client";
import { agencies, clientProjects, scheduleRuns, schedules } from "../../db/schema";
import { log } from "../../log";

export interface CreatedRun {
  runId: string;
  scheduleId: string;
  dueAt: Date;
}

/**
 * Turns every active schedule whose next run is due into one run row and moves the schedule to its
 * following run, in one transaction. Exactly once: due schedules are locked with SKIP LOCKED (two
 * ticks at the same moment split the work instead of sharing it), and the unique (schedule, due
 * time) index turns any remaining race into a no-op insert. A schedule that missed several runs
 * (worker down) gets one run for the missed time and then resumes from now, not a burst of catch-ups.
 * A schedule of an agency whose subscription has lapsed is inactive: its due times pass without a
 * run (the next run is moved on from now), so once the agency pays again it resumes at its next
 * regular time, with no delivery for the period it was not paying for.
 */
export async function enqueueDueSchedules({
  now = new Date(),
  limit = 1000,
}: { now?: Date; limit?: number } = {}): Promise<CreatedRun[]> {
  return db().transaction(async (tx) => {
    const due = await tx
      .select({
        id: schedules.id,
        agencyId: schedules.agencyId,
        frequency: schedules.frequency,
        weekday: schedules.weekday,
        monthDay: schedules.monthDay,
        month: schedules.month,
        timeOfDay: schedules.timeOfDay,
        nextRunAt: schedules.nextRunAt,
        timeZone: clientProjects.timeZone,
        lapsed: sql<boolean>`${agencies.subscriptionStatus} = 'suspended'`,
      })
      .from(schedules)
      .innerJoin(clientProjects, eq(clientProjects.id, schedules.projectId))
      // An agency whose subscription has lapsed keeps its schedules, inactive until it renews.
      .innerJoin(agencies, eq(agencies.id, schedules.agencyId))
      .where(and(eq(schedules.isActive, true), lte(schedules.nextRunAt, now)))
      .orderBy(asc(schedules.nextRunAt))
      .limit(limit)
      .for("update", { of: schedules, skipLocked: true });
    if (due.length === 0) return [];
    const lapsedCount = due.filter((s) => s.lapsed).length;
    if (lapsedCount > 0) log("info", "lapsed agencies' due schedules moved on without a run", { count: lapsedCount });

    const runs: (typeof scheduleRuns.$inferInsert)[] = [];
    const moves: { id: string; next_run_at: string | null; due_at: string | null }[] = [];
    for (const s of due) {
      const dueAt = s.nextRunAt as Date;
      const timing: ScheduleTiming = {
        frequency: s.frequency,
        weekday: s.weekday,
        monthDay: s.monthDay,
        month: s.month,
        time: s.timeOfDay,
      };
      let next: Date | null;
      try {
        next = nextRun(timing, s.timeZone, dueAt > now ? dueAt : now);
      } catch (error) {
        // An incomplete timing cannot run; park it rather than fail the whole tick.
        log("error", "schedule has an invalid timing", { scheduleId: s.id, error: String(error) });
        next = null;
      }
      if (s.lapsed) {
        moves.push({ id: s.id, next_run_at: next ? next.toISOString() : null, due_at: null });
        continue;
      }
      const period = closedPeriod(s.frequency, s.timeZone, dueAt);
      runs.push({ agencyId: s.agencyId, scheduleId: s.id, dueAt, periodStart: period.start, periodEnd: period.end });
      moves.push({ id: s.id, next_run_at: next ? next.toISOString() : null, due_at: dueAt.toISOString() });
    }

    const created =
      runs.length === 0
        ? []
        : await tx
            .insert(scheduleRuns)
            .values(runs)
            .onConflictDoNothing({ target: [scheduleRuns.scheduleId, scheduleRuns.dueAt] })
            .returning({ runId: scheduleRuns.id, scheduleId: scheduleRuns.scheduleId, dueAt: scheduleRuns.dueAt });

    // One statement for the whole batch: a thousand single-row updates would dominate the tick.
    await tx.execute(sql`
      update schedules s
      set next_run_at = v.next_run_at, last_run_at = coalesce(v.due_at, s.last_run_at), updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(moves)}::jsonb) as v(id uuid, next_run_at timestamptz, due_at timestamptz)
      where s.id = v.id`);
    return created;
  });
}

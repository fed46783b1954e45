import "server-only";
import { and, eq } from "drizzle-orm";
import { DELIVERY_MESSAGES } from "@/lib/constants/messages";
import { SCHEDULE_MESSAGES } from "@/lib/validation/schedules";
import type { Actor } from "../../auth/actor";
import { requireProjectAccess, type ProjectAccess } from "../../auth/client-access";
import { db } from "../../db/client";
import { schedules, users, type Schedule } from "../../db/schema";
import { ForbiddenError, NotFoundError } from "../../errors";

/** Creating or changing a schedule needs the schedule-allowed action and a subscription that runs. */
export function requireMaySchedule(actor: Actor): void {
  if (!actor.isScheduleAllowed) throw new ForbiddenError(DELIVERY_MESSAGES.scheduleNotAllowed);
  if (actor.subscriptionStatus === "suspended") throw new ForbiddenError(SCHEDULE_MESSAGES.subscriptionInactive);
}

/** A schedule runs in its owner's name: resuming someone else's needs them to hold the schedule-allowed action. */
export async function requireOwnerMaySchedule(userId: string): Promise<void> {
  const [owner] = await db().select({ allowed: users.isScheduleAllowed }).from(users).where(eq(users.id, userId));
  if (owner && !owner.allowed) throw new ForbiddenError(SCHEDULE_MESSAGES.ownerNotAllowed);
}

/**
 * A schedule belongs to the user who made it; agency admins see and manage every schedule of the
 * agency. Anyone else, another agency, or a project the caller can no longer see: 404.
 */
export async function requireSchedule(
  actor: Actor,
  id: string,
): Promise<{ schedule: Schedule; access: ProjectAccess }> {
  const [schedule] = await db()
    .select()
    .from(schedules)
    .where(and(eq(schedules.id, id), eq(schedules.agencyId, actor.agencyId)));
  if (!schedule || (!actor.isAgencyAdmin && schedule.userId !== actor.userId)) throw new NotFoundError();
  const access = await requireProjectAccess(actor, schedule.projectId, "report:view");
  return { schedule, access };
}

import "server-only";
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { schedules, users, type User } from "../../db/schema";
import { sendEmailJob } from "../../jobs/contracts/send-email";
import { enqueue } from "../../jobs/enqueue";
import { appUrl } from "../../env";
import type { ServiceContext } from "../context";
import { SCHEDULE_PERMISSION_PAUSE } from "../schedules/paused-reasons";

/**
 * Turns a staff member's "May create schedules" action on or off, in the caller's transaction. Taking it away keeps
 * the schedules they own but pauses the running ones (they would otherwise go on delivering in the name of someone
 * who may no longer schedule), and tells every agency admin by email which were paused. Giving it back resumes
 * nothing by itself: the owner or an admin resumes each schedule. Returns how many schedules were paused.
 */
export async function setScheduleAllowed(tx: Tx, ctx: ServiceContext, user: User, allowed: boolean): Promise<number> {
  if (user.isScheduleAllowed === allowed) return 0;
  await tx.update(users).set({ isScheduleAllowed: allowed }).where(eq(users.id, user.id));
  if (allowed) return 0;
  const paused = await tx
    .update(schedules)
    .set({ isActive: false, nextRunAt: null, pausedReason: SCHEDULE_PERMISSION_PAUSE, updatedAt: new Date() })
    .where(and(eq(schedules.userId, user.id), eq(schedules.isActive, true)))
    .returning({ id: schedules.id });
  const admins = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.agencyId, ctx.actor.agencyId), eq(users.role, "agency")));
  const staffName = `${user.firstName} ${user.lastName}`.trim() || user.email;
  for (const admin of admins)
    await enqueue(
      sendEmailJob,
      {
        template: "schedules-paused",
        to: admin.email,
        params: { staffName, staffEmail: user.email, paused: paused.length, url: appUrl("/schedule") },
      },
      { tx },
    );
  return paused.length;
}

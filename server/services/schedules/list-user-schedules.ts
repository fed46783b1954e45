import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "../../db/client";
import { clientStaff, schedules, users } from "../../db/schema";
import { NotFoundError } from "../../errors";
import type { ServiceContext } from "../context";
import { loadScheduleViews } from "./schedule-view";

/**
 * GET /users/{id}/schedules: a user's schedules, for that user or an agency admin of the same
 * agency. Projects the caller can no longer see are left out.
 */
export async function listUserSchedules({ ctx, input }: { ctx: ServiceContext; input: { userId: string } }) {
  const { actor } = ctx;
  if (input.userId !== actor.userId) {
    const [user] = await db()
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.userId), eq(users.agencyId, actor.agencyId)));
    if (!user || !actor.isAgencyAdmin) throw new NotFoundError();
  }
  const views = await loadScheduleViews(
    and(eq(schedules.agencyId, actor.agencyId), eq(schedules.userId, input.userId))!,
  );
  const visible = actor.isAgencyAdmin ? views : await visibleTo(actor.userId, views);
  return { docs: visible, total: visible.length };
}

async function visibleTo<T extends { clientId: string }>(userId: string, views: T[]): Promise<T[]> {
  if (views.length === 0) return views;
  const shared = await db()
    .select({ clientId: clientStaff.clientId })
    .from(clientStaff)
    .where(eq(clientStaff.userId, userId));
  const ids = new Set(shared.map((s) => s.clientId));
  return views.filter((v) => ids.has(v.clientId));
}

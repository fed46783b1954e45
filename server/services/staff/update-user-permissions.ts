import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { userPermissionsSchema } from "@/lib/validation/clients";
import { db } from "../../db/client";
import { clients, clientStaff, users } from "../../db/schema";
import { BadRequestError, NotFoundError } from "../../errors";
import { WORKSPACE_MESSAGES } from "@/lib/constants/messages";
import type { ServiceContext } from "../context";
import { setScheduleAllowed } from "./set-schedule-allowed";

/**
 * POST /users/{id}/permissions/update (agency admins): sets a staff member's level on several clients at once
 * (`permission: null` removes the share) and, with `isScheduleAllowed`, whether they may create schedules. All or
 * nothing, in one transaction; a staff member who loses the schedule permission keeps their schedules, paused, and
 * the agency's admins are told by email.
 */
export async function updateUserPermissions({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: z.output<typeof userPermissionsSchema> & { userId: string };
}) {
  const { userId } = input;
  const [user] = await db()
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.agencyId, ctx.actor.agencyId)));
  if (!user) throw new NotFoundError();
  if (user.role === "agency") throw new BadRequestError(WORKSPACE_MESSAGES.adminAlreadyHasAccess);
  const clientIds = [...new Set(input.permissions.map((p) => p.clientId))];
  if (clientIds.length > 0) {
    const owned = await db()
      .select({ id: clients.id })
      .from(clients)
      .where(and(inArray(clients.id, clientIds), eq(clients.agencyId, ctx.actor.agencyId)));
    if (owned.length !== clientIds.length) throw new NotFoundError();
  }

  const pausedSchedules = await db().transaction(async (tx) => {
    for (const { clientId, permission } of input.permissions) {
      if (permission === null) {
        await tx.delete(clientStaff).where(and(eq(clientStaff.clientId, clientId), eq(clientStaff.userId, userId)));
      } else {
        await tx
          .insert(clientStaff)
          .values({ clientId, userId, permission })
          .onConflictDoUpdate({ target: [clientStaff.clientId, clientStaff.userId], set: { permission } });
      }
    }
    return input.isScheduleAllowed === undefined ? 0 : setScheduleAllowed(tx, ctx, user, input.isScheduleAllowed);
  });
  const [rows, [after]] = await Promise.all([
    db()
      .select({ clientId: clientStaff.clientId, permission: clientStaff.permission })
      .from(clientStaff)
      .where(eq(clientStaff.userId, userId)),
    db().select({ isScheduleAllowed: users.isScheduleAllowed }).from(users).where(eq(users.id, userId)),
  ]);
  return { userId, permissions: rows, actions: { isScheduleAllowed: after.isScheduleAllowed }, pausedSchedules };
}

import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { userPermissionsSchema } from "@/lib/validation/clients";
import { db } from "../../db/client";
import { clients, clientStaff, users } from "../../db/schema";
import { BadRequestError, NotFoundError } from "../../errors";
import { WORKSPACE_MESSAGES } from "@/lib/constants/messages";
import type { ServiceContext } from "../context";

/**
 * POST /users/{id}/permissions/update (agency admins): sets a staff member's level on several
 * clients at once; `permission: null` removes the share. All or nothing, in one transaction.
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
  const owned = await db()
    .select({ id: clients.id })
    .from(clients)
    .where(and(inArray(clients.id, clientIds), eq(clients.agencyId, ctx.actor.agencyId)));
  if (owned.length !== clientIds.length) throw new NotFoundError();

  await db().transaction(async (tx) => {
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
  });
  const rows = await db()
    .select({ clientId: clientStaff.clientId, permission: clientStaff.permission })
    .from(clientStaff)
    .where(eq(clientStaff.userId, userId));
  return { userId, permissions: rows };
}

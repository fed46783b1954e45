import "server-only";
import { and, eq } from "drizzle-orm";
import { WORKSPACE_MESSAGES } from "@/lib/constants/messages";
import type { Actor } from "../../auth/actor";
import { db } from "../../db/client";
import { users } from "../../db/schema";
import { BadRequestError, NotFoundError } from "../../errors";

/**
 * DELETE /users/{id}: agency admins remove a staff member. The row goes, so every session of theirs
 * fails its next request at once; their client shares go with it (on delete cascade).
 */
export async function removeStaff({ ctx, userId }: { ctx: { actor: Actor }; userId: string }) {
  if (userId === ctx.actor.userId) throw new BadRequestError(WORKSPACE_MESSAGES.cannotChangeOwnAccess);
  const [removed] = await db()
    .delete(users)
    .where(and(eq(users.id, userId), eq(users.agencyId, ctx.actor.agencyId), eq(users.role, "staff")))
    .returning({ id: users.id });
  if (!removed) throw new NotFoundError();
  return { status: 200, message: WORKSPACE_MESSAGES.staffRemoved };
}

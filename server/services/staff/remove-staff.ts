import "server-only";
import { and, eq } from "drizzle-orm";
import { WORKSPACE_MESSAGES } from "@/lib/constants/messages";
import { db } from "../../db/client";
import { users } from "../../db/schema";
import { BadRequestError, NotFoundError } from "../../errors";
import type { ServiceContext } from "../context";

/**
 * DELETE /users/{id}: agency admins remove a staff member. The row goes, so every session of theirs
 * fails its next request at once; their client shares go with it (on delete cascade).
 */
export async function removeStaff({ ctx, input }: { ctx: ServiceContext; input: { userId: string } }) {
  const { userId } = input;
  if (userId === ctx.actor.userId) throw new BadRequestError(WORKSPACE_MESSAGES.cannotChangeOwnAccess);
  const [removed] = await db()
    .delete(users)
    .where(and(eq(users.id, userId), eq(users.agencyId, ctx.actor.agencyId), eq(users.role, "staff")))
    .returning({ id: users.id });
  if (!removed) throw new NotFoundError();
  return { status: 200, message: WORKSPACE_MESSAGES.staffRemoved };
}

import "server-only";
import { and, eq } from "drizzle-orm";
import { WORKSPACE_MESSAGES } from "@/lib/constants/messages";
import { db } from "../../db/client";
import { clientStaff, users } from "../../db/schema";
import { BadRequestError, ValidationError } from "../../errors";
import { staffView } from "../staff/staff-view";
import type { ClientServiceContext } from "../context";

/**
 * POST /clients/{id}/staffs/add: shares the client with a staff member of the same agency at a level
 * (or changes the level when already shared). The email must belong to the agency.
 */
export async function shareClient({
  ctx,
  input,
}: {
  ctx: ClientServiceContext;
  input: { email: string; permission: 1 | 2 | 4 };
}) {
  const { email, permission } = input;
  const [user] = await db()
    .select()
    .from(users)
    .where(and(eq(users.email, email), eq(users.agencyId, ctx.actor.agencyId)));
  if (!user)
    throw new ValidationError({ email: WORKSPACE_MESSAGES.emailNotInAgency }, WORKSPACE_MESSAGES.emailNotInAgency);
  if (user.role === "agency")
    throw new ValidationError(
      { email: WORKSPACE_MESSAGES.adminAlreadyHasAccess },
      WORKSPACE_MESSAGES.adminAlreadyHasAccess,
    );
  if (user.id === ctx.actor.userId) throw new BadRequestError(WORKSPACE_MESSAGES.cannotChangeOwnAccess);
  await db()
    .insert(clientStaff)
    .values({ clientId: ctx.access.client.id, userId: user.id, permission })
    .onConflictDoUpdate({ target: [clientStaff.clientId, clientStaff.userId], set: { permission } });
  return { message: WORKSPACE_MESSAGES.clientShared, staff: staffView(user, { permission }) };
}

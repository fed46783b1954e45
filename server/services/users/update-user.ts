import "server-only";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { MESSAGES } from "@/lib/constants/messages";
import type { userUpdateSchema } from "@/lib/validation/users";
import { hashPassword, verifyPassword } from "../../auth/password";
import { issueSessionToken } from "../../auth/session-token";
import { db } from "../../db/client";
import { users } from "../../db/schema";
import { NotFoundError, ValidationError } from "../../errors";
import { setPassword } from "../accounts/reset-links";
import { userView } from "./user-view";
import type { ServiceContext } from "../context";

type Input = z.output<typeof userUpdateSchema>;

/**
 * PUT /api/users/{id}. Mode "edit" updates the profile; an admin may edit any user of the agency.
 * Mode "change-password" is for oneself only: it ends every other session and every reset link, and hands back a
 * new token.
 */
export async function updateUser({ ctx, input }: { ctx: ServiceContext; input: Input & { userId: string } }) {
  const { userId } = input;
  const self = userId === ctx.actor.userId;
  if (!self && !(ctx.actor.isAgencyAdmin && input.mode === "edit")) throw new NotFoundError();
  const [user] = await db()
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.agencyId, ctx.actor.agencyId)))
    .limit(1);
  if (!user) throw new NotFoundError();

  if (input.mode === "edit") {
    const [updated] = await db()
      .update(users)
      .set({ firstName: input.firstName, lastName: input.lastName, phone: input.phone ?? null })
      .where(eq(users.id, user.id))
      .returning();
    return { message: MESSAGES.profileUpdated, user: userView(updated) };
  }

  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw new ValidationError({ currentPassword: MESSAGES.currentPasswordWrong });
  }
  const passwordHash = await hashPassword(input.password);
  const updated = await db().transaction((tx) => setPassword(tx, user.id, passwordHash));
  const token = await issueSessionToken({
    sub: updated.id,
    agencyId: updated.agencyId,
    role: updated.role,
    sv: updated.sessionVersion,
  });
  return { message: MESSAGES.passwordChanged, user: userView(updated), token };
}

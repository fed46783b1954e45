import "server-only";
import { and, count, eq, sql } from "drizzle-orm";
import { WORKSPACE_MESSAGES } from "@/lib/constants/messages";
import { db } from "../../db/client";
import { agencies, users } from "../../db/schema";
import { BadRequestError, NotFoundError } from "../../errors";
import { userView } from "../users/user-view";
import type { ServiceContext } from "../context";

/** PUT /users/{id}/role: agency admins promote staff to admin or back; the agency keeps at least one admin. */
export async function changeRole({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { userId: string; role: "agency" | "staff" };
}) {
  const { userId, role } = input;
  return db().transaction(async (tx) => {
    // Role changes in one agency go one at a time (the agency row is the lock), so two admins
    // demoting each other at once cannot both pass the last-admin check.
    await tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, ctx.actor.agencyId)).for("update");
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), eq(users.agencyId, ctx.actor.agencyId)))
      .for("update");
    if (!user) throw new NotFoundError();
    if (user.role === "agency" && role === "staff") {
      const [{ admins }] = await tx
        .select({ admins: count() })
        .from(users)
        .where(and(eq(users.agencyId, ctx.actor.agencyId), eq(users.role, "agency")));
      if (admins <= 1) throw new BadRequestError(WORKSPACE_MESSAGES.lastAdmin);
    }
    const [updated] = await tx
      .update(users)
      .set({ role, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, user.id))
      .returning();
    return userView(updated);
  });
}

import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "../../db/client";
import { agencies, users } from "../../db/schema";
import { NotFoundError } from "../../errors";
import { userView } from "./user-view";
import type { ServiceContext } from "../context";

/** A user with their agency summary, as GET /api/users and the login answer show the caller. */
export async function currentUserView(userId: string) {
  const [row] = await db()
    .select({ user: users, agency: agencies })
    .from(users)
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new NotFoundError();
  return {
    ...userView(row.user),
    agency: {
      _id: row.agency.id,
      name: row.agency.name,
      subscriptionStatus: row.agency.subscriptionStatus,
      planTier: row.agency.planTier,
      planKind: row.agency.planKind,
      projectLimit: row.agency.projectLimit,
      /** A payment failed and Stripe is retrying the card: admins see a banner with the customer portal. */
      paymentPastDue: row.agency.subscriptionStatus === "full" && row.agency.paymentPastDueAt !== null,
    },
  };
}

/** GET /api/users: the caller with their agency summary. */
export async function getCurrentUser({ ctx }: { ctx: ServiceContext }) {
  return currentUserView(ctx.actor.userId);
}

/**
 * A user of the caller's agency. Staff may read only themselves; admins anyone in their agency.
 * Users of other agencies are 404, never 403, so ids cannot be probed.
 */
export async function getUser({ ctx, input }: { ctx: ServiceContext; input: { userId: string } }) {
  const { userId } = input;
  if (!ctx.actor.isAgencyAdmin && userId !== ctx.actor.userId) throw new NotFoundError();
  const [user] = await db()
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.agencyId, ctx.actor.agencyId)))
    .limit(1);
  if (!user) throw new NotFoundError();
  return userView(user);
}

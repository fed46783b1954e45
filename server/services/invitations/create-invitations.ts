import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { TOKEN_TTL_MS } from "@/lib/constants/app";
import { MESSAGES } from "@/lib/constants/messages";
import { generateToken } from "../../auth/tokens";
import { db } from "../../db/client";
import { agencies, invitations, users } from "../../db/schema";
import { appUrl } from "../../env";
import { ValidationError } from "../../errors";
import { enqueue } from "../../jobs/enqueue";
import { sendEmailJob } from "../../jobs/contracts/send-email";
import type { ServiceContext } from "../context";

/**
 * Invites staff by email. Emails that already have an account are refused as a field error;
 * a pending invitation for the same email is replaced, so the newest link is the one that works.
 */
export async function createInvitations({ ctx, input }: { ctx: ServiceContext; input: { emails: string[] } }) {
  const { emails } = input;
  const taken = await db().select({ email: users.email }).from(users).where(inArray(users.email, emails));
  if (taken.length) {
    throw new ValidationError(
      { emails: `${MESSAGES.invitationAlreadyMember}: ${taken.map((t) => t.email).join(", ")}` },
      MESSAGES.invitationAlreadyMember,
    );
  }
  const [inviter] = await db()
    .select({ firstName: users.firstName, lastName: users.lastName, agencyName: agencies.name })
    .from(users)
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .where(eq(users.id, ctx.actor.userId));

  const links = emails.map((email) => ({ email, ...generateToken() }));
  const created = await db().transaction(async (tx) => {
    await tx
      .delete(invitations)
      .where(
        and(
          eq(invitations.agencyId, ctx.actor.agencyId),
          inArray(invitations.email, emails),
          isNull(invitations.acceptedAt),
        ),
      );
    return tx
      .insert(invitations)
      .values(
        links.map((l) => ({
          agencyId: ctx.actor.agencyId,
          email: l.email,
          invitedById: ctx.actor.userId,
          tokenHash: l.tokenHash,
          expiresAt: new Date(Date.now() + TOKEN_TTL_MS.invitation),
        })),
      )
      .returning();
  });
  for (const link of links) {
    await enqueue(sendEmailJob, {
      template: "invitation",
      to: link.email,
      params: {
        agencyName: inviter.agencyName,
        inviterName: `${inviter.firstName} ${inviter.lastName}`,
        url: appUrl(`/invitations/${link.token}`),
      },
    });
  }
  return { message: MESSAGES.invitationsSent, docs: created.map(invitationView), total: created.length };
}

export function invitationView(row: typeof invitations.$inferSelect) {
  return {
    _id: row.id,
    agencyId: row.agencyId,
    email: row.email,
    role: row.role,
    status: row.acceptedAt ? "accepted" : row.expiresAt < new Date() ? "expired" : "pending",
    expiresAt: row.expiresAt,
    acceptedAt: row.acceptedAt,
    createdAt: row.createdAt,
  };
}

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
import { consumeSendLimits } from "../accounts/send-limits";
import type { ServiceContext } from "../context";

/**
 * Invites staff by email. An email of a member of the caller's own agency is refused as a field error. An email
 * with an account in another agency is answered like any other (a pending invitation), and its owner is emailed
 * that the invitation cannot be accepted with that address: the form must not tell who has an account elsewhere
 * (issue 60). A pending invitation for the same email is replaced, so the newest link is the one that works.
 * Limited to five invitations a day per address and a hundred an hour per agency (send-limits.ts).
 */
export async function createInvitations({ ctx, input }: { ctx: ServiceContext; input: { emails: string[] } }) {
  const { emails } = input;
  const taken = await db()
    .select({ email: users.email, agencyId: users.agencyId, firstName: users.firstName })
    .from(users)
    .where(inArray(users.email, emails));
  const members = taken.filter((t) => t.agencyId === ctx.actor.agencyId);
  if (members.length) {
    throw new ValidationError(
      { emails: `${MESSAGES.invitationAlreadyInAgency}: ${members.map((t) => t.email).join(", ")}` },
      MESSAGES.invitationAlreadyInAgency,
    );
  }
  const elsewhere = new Map(taken.map((t) => [t.email, t.firstName]));
  await consumeSendLimits([
    ...emails.map((email) => ({ kind: "invitationPerEmail" as const, key: email })),
    { kind: "invitationPerAgency", key: ctx.actor.agencyId, count: emails.length },
  ]);
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
  const inviterName = `${inviter.firstName} ${inviter.lastName}`;
  for (const link of links) {
    const firstName = elsewhere.get(link.email);
    await enqueue(
      sendEmailJob,
      firstName === undefined
        ? {
            template: "invitation",
            to: link.email,
            params: { agencyName: inviter.agencyName, inviterName, url: appUrl(`/invitations/${link.token}`) },
          }
        : {
            template: "invitation-account-exists",
            to: link.email,
            params: { firstName, agencyName: inviter.agencyName, inviterName, loginUrl: appUrl("/login") },
          },
    );
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

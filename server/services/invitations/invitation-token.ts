import "server-only";
import { and, eq, gt, isNull } from "drizzle-orm";
import { MESSAGES } from "@/lib/constants/messages";
import { hashToken } from "../../auth/tokens";
import { db } from "../../db/client";
import { agencies, invitations } from "../../db/schema";
import { BadRequestError } from "../../errors";
import type { PublicServiceContext } from "../context";

const validInvitation = (token: string) =>
  and(
    eq(invitations.tokenHash, hashToken(token)),
    isNull(invitations.acceptedAt),
    gt(invitations.expiresAt, new Date()),
  );

/** GET /api/invitations?token=: the spec's token info (token, agencyId, email) for the sign-up form. */
export async function invitationTokenInfo({ input }: { ctx: PublicServiceContext; input: { token: string } }) {
  const { token } = input;
  const [row] = await db()
    .select({ agencyId: invitations.agencyId, email: invitations.email, agencyName: agencies.name })
    .from(invitations)
    .innerJoin(agencies, eq(agencies.id, invitations.agencyId))
    .where(validInvitation(token))
    .limit(1);
  if (!row) throw new BadRequestError(MESSAGES.invitationInvalid);
  return { token, agencyId: row.agencyId, email: row.email, agencyName: row.agencyName };
}

export { validInvitation };

import "server-only";
import type { z } from "zod";
import { MESSAGES } from "@/lib/constants/messages";
import type { staffSignupSchema } from "@/lib/validation/auth";
import { hashPassword } from "../../auth/password";
import { db } from "../../db/client";
import { invitations, users } from "../../db/schema";
import { BadRequestError, ValidationError } from "../../errors";
import { userView } from "../users/user-view";
import { isUniqueViolation } from "../accounts/unique-violation";
import { validInvitation } from "./invitation-token";
import type { PublicServiceContext } from "../context";

/**
 * Staff sign-up (POST /api/users/signup): creates the invited user in the inviting agency and
 * marks the invitation accepted, in one transaction. Staff skip onboarding: the admin set things up.
 */
export async function acceptInvitation({
  input,
}: {
  ctx: PublicServiceContext;
  input: z.output<typeof staffSignupSchema>;
}) {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db().transaction(async (tx) => {
      const [invitation] = await tx
        .update(invitations)
        .set({ acceptedAt: new Date() })
        .where(validInvitation(input.token))
        .returning();
      if (!invitation) throw new BadRequestError(MESSAGES.invitationInvalid);
      const [user] = await tx
        .insert(users)
        .values({
          agencyId: invitation.agencyId,
          email: invitation.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          role: invitation.role,
          onboarding: false,
        })
        .returning();
      return { user: userView(user) };
    });
  } catch (error) {
    if (isUniqueViolation(error, "users_email_unique")) {
      throw new ValidationError({ email: MESSAGES.invitationAlreadyMember }, MESSAGES.invitationAlreadyMember);
    }
    throw error;
  }
}

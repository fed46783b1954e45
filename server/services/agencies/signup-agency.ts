import "server-only";
import { legalDocument } from "../../legal/legal-document";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { EVEN_TIMING_MS, TOKEN_TTL_MS } from "@/lib/constants/app";
import type { agencySignupSchema } from "@/lib/validation/auth";
import { hashPassword } from "../../auth/password";
import { generateToken } from "../../auth/tokens";
import { db } from "../../db/client";
import { agencies, userTokens, users } from "../../db/schema";
import { appUrl } from "../../env";
import { enqueue } from "../../jobs/enqueue";
import { sendEmailJob } from "../../jobs/contracts/send-email";
import { isUniqueViolation } from "../accounts/unique-violation";
import type { PublicServiceContext } from "../context";
import { withEvenTiming } from "../accounts/even-timing";

async function tellOwner(email: string, firstName: string) {
  await enqueue(sendEmailJob, {
    template: "account-exists",
    to: email,
    params: { firstName, loginUrl: appUrl("/login") },
  });
  return { email };
}

/**
 * Registers an agency and its first admin and queues the confirmation email, all in one transaction.
 * An address that already has an account gets the same answer, after the same password hashing,
 * and its owner an email saying so: the sign-up form cannot be used to find out who has an account
 * (not from its timing either: both answer after the same minimum time).
 */
export function signupAgency({ input }: { ctx: PublicServiceContext; input: z.output<typeof agencySignupSchema> }) {
  return withEvenTiming(EVEN_TIMING_MS.signup, () => register(input));
}

async function register(input: z.output<typeof agencySignupSchema>) {
  const passwordHash = await hashPassword(input.password);
  const [existing] = await db()
    .select({ firstName: users.firstName })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1);
  if (existing) return tellOwner(input.email, existing.firstName);

  const { token, tokenHash } = generateToken();
  try {
    await db().transaction(async (tx) => {
      const [agency] = await tx
        .insert(agencies)
        .values({
          name: input.agencyName,
          website: input.website,
          phone: input.phone,
          // What was accepted, and when: the terms' version at the moment of sign-up (a later text is a new version).
          termsVersion: legalDocument("terms").version,
          termsAcceptedAt: new Date(),
        })
        .returning({ id: agencies.id });
      const [user] = await tx
        .insert(users)
        .values({
          agencyId: agency.id,
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          role: "agency",
        })
        .returning({ id: users.id });
      await tx.insert(userTokens).values({
        userId: user.id,
        kind: "confirmation",
        tokenHash,
        expiresAt: new Date(Date.now() + TOKEN_TTL_MS.confirmation),
      });
      await enqueue(
        sendEmailJob,
        {
          template: "agency-confirmation",
          to: input.email,
          params: {
            firstName: input.firstName,
            agencyName: input.agencyName,
            url: appUrl(`/agencies/confirmation/${token}`),
          },
        },
        { tx },
      );
    });
  } catch (error) {
    // Registered by someone else between the check and the insert: the same as registered before.
    if (isUniqueViolation(error, "users_email_unique")) return tellOwner(input.email, input.firstName);
    throw error;
  }
  return { email: input.email };
}

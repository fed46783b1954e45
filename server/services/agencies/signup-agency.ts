import "server-only";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { MESSAGES } from "@/lib/constants/messages";
import { TOKEN_TTL_MS } from "@/lib/constants/app";
import type { agencySignupSchema } from "@/lib/validation/auth";
import { hashPassword } from "../../auth/password";
import { generateToken } from "../../auth/tokens";
import { db } from "../../db/client";
import { agencies, userTokens, users } from "../../db/schema";
import { appUrl } from "../../env";
import { ValidationError } from "../../errors";
import { enqueue } from "../../jobs/enqueue";
import { sendEmailJob } from "../../jobs/contracts/send-email";
import { isUniqueViolation } from "../accounts/unique-violation";
import type { PublicServiceContext } from "../context";

function emailTaken(): ValidationError {
  return new ValidationError({ email: MESSAGES.emailTaken }, MESSAGES.registrationProblem);
}

/** Registers an agency and its first admin in one transaction, then emails the confirmation link. */
export async function signupAgency({
  input,
}: {
  ctx: PublicServiceContext;
  input: z.output<typeof agencySignupSchema>;
}) {
  const existing = await db().select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (existing.length) throw emailTaken();

  const passwordHash = await hashPassword(input.password);
  const { token, tokenHash } = generateToken();
  let created: { agencyId: string; userId: string };
  try {
    created = await db().transaction(async (tx) => {
      const [agency] = await tx
        .insert(agencies)
        .values({ name: input.agencyName, website: input.website, phone: input.phone })
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
      return { agencyId: agency.id, userId: user.id };
    });
  } catch (error) {
    if (isUniqueViolation(error, "users_email_unique")) throw emailTaken();
    throw error;
  }

  await enqueue(sendEmailJob, {
    template: "agency-confirmation",
    to: input.email,
    params: {
      firstName: input.firstName,
      agencyName: input.agencyName,
      url: appUrl(`/agencies/confirmation/${token}`),
    },
  });
  return { agencyId: created.agencyId, userId: created.userId, email: input.email };
}

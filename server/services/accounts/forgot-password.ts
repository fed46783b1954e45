import "server-only";
import { eq } from "drizzle-orm";
import { MESSAGES } from "@/lib/constants/messages";
import { TOKEN_TTL_MS } from "@/lib/constants/app";
import { generateToken } from "../../auth/tokens";
import { db } from "../../db/client";
import { userTokens, users } from "../../db/schema";
import { appUrl } from "../../env";
import { enqueue } from "../../jobs/enqueue";
import { sendEmailJob } from "../../jobs/contracts/send-email";
import type { PublicServiceContext } from "../context";

/** Emails a one-hour reset link when the account exists; the answer is the same either way. */
export async function forgotPassword({ input }: { ctx: PublicServiceContext; input: { email: string } }) {
  const { email } = input;
  const [user] = await db()
    .select({ id: users.id, firstName: users.firstName })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (user) {
    const { token, tokenHash } = generateToken();
    await db()
      .insert(userTokens)
      .values({
        userId: user.id,
        kind: "password_reset",
        tokenHash,
        expiresAt: new Date(Date.now() + TOKEN_TTL_MS.passwordReset),
      });
    await enqueue(sendEmailJob, {
      template: "password-reset",
      to: email,
      params: { firstName: user.firstName, url: appUrl(`/reset-password/${token}`) },
    });
  }
  return { message: MESSAGES.forgotPasswordSent };
}

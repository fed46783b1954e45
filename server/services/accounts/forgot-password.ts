import "server-only";
import { eq } from "drizzle-orm";
import { MESSAGES } from "@/lib/constants/messages";
import { EVEN_TIMING_MS, TOKEN_TTL_MS } from "@/lib/constants/app";
import { generateToken } from "../../auth/tokens";
import { db } from "../../db/client";
import { userTokens, users } from "../../db/schema";
import { appUrl } from "../../env";
import { enqueue } from "../../jobs/enqueue";
import { sendEmailJob } from "../../jobs/contracts/send-email";
import type { PublicServiceContext } from "../context";
import { withEvenTiming } from "./even-timing";
import { endResetLinks } from "./reset-links";
import { consumeSendLimits } from "./send-limits";

/**
 * Emails a one-hour reset link when the account exists (older links stop working); the answer, and its timing, are
 * the same either way. At most three a hour per address typed, twenty per client address.
 */
export async function forgotPassword({ ctx, input }: { ctx: PublicServiceContext; input: { email: string } }) {
  // Counted for every address typed, account or not (send-limits.ts): past the limit, 429 for everyone alike.
  await consumeSendLimits([
    { kind: "resetPerEmail", key: input.email },
    { kind: "resetPerAddress", key: ctx.ip },
  ]);
  return withEvenTiming(EVEN_TIMING_MS.forgotPassword, () => sendResetLink(input.email));
}

async function sendResetLink(email: string) {
  const [user] = await db()
    .select({ id: users.id, firstName: users.firstName })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (user) {
    const { token, tokenHash } = generateToken();
    await db().transaction(async (tx) => {
      // Only the newest link works; the user's row lock keeps two requests at once from both leaving theirs.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
      await endResetLinks(tx, user.id);
      await tx.insert(userTokens).values({
        userId: user.id,
        kind: "password_reset",
        tokenHash,
        expiresAt: new Date(Date.now() + TOKEN_TTL_MS.passwordReset),
      });
    });
    await enqueue(sendEmailJob, {
      template: "password-reset",
      to: email,
      params: { firstName: user.firstName, url: appUrl(`/reset-password/${token}`) },
    });
  }
  return { message: MESSAGES.forgotPasswordSent };
}

import "server-only";
import { eq } from "drizzle-orm";
import { MESSAGES } from "@/lib/constants/messages";
import { hashPassword, verifyPassword } from "../../auth/password";
import { db } from "../../db/client";
import { users } from "../../db/schema";
import { BadRequestError, ValidationError } from "../../errors";
import { consumeUserToken, findValidUserToken } from "./consume-user-token";
import { setPassword } from "./reset-links";
import type { PublicServiceContext } from "../context";

/** GET: whether the reset link still works, and for which email. */
export async function resetTokenInfo({ input }: { ctx: PublicServiceContext; input: { token: string } }) {
  const { token } = input;
  const row = await findValidUserToken(token, "password_reset");
  if (!row) throw new BadRequestError(MESSAGES.resetTokenInvalid);
  const [user] = await db().select({ email: users.email }).from(users).where(eq(users.id, row.userId));
  return { token, email: user.email, expiresAt: row.expiresAt };
}

/**
 * POST: sets the new password (it must differ from the old one) and ends every existing session and every other
 * reset link of the account.
 */
export async function resetPassword({
  input,
}: {
  ctx: PublicServiceContext;
  input: { token: string; password: string };
}) {
  const { token, password } = input;
  const row = await findValidUserToken(token, "password_reset");
  if (!row) throw new BadRequestError(MESSAGES.resetTokenInvalid);
  const [user] = await db().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, row.userId));
  if (await verifyPassword(password, user.passwordHash)) {
    throw new ValidationError({ password: MESSAGES.passwordSameAsPrevious });
  }
  const passwordHash = await hashPassword(password);
  await db().transaction(async (tx) => {
    const used = await consumeUserToken(tx, token, "password_reset");
    if (!used) throw new BadRequestError(MESSAGES.resetTokenInvalid);
    await setPassword(tx, used.userId, passwordHash);
  });
  return { message: MESSAGES.passwordResetDone };
}

import "server-only";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { MESSAGES } from "@/lib/constants/messages";
import type { loginSchema } from "@/lib/validation/auth";
import { dummyPasswordHash, verifyPassword } from "../../auth/password";
import { issueSessionToken } from "../../auth/session-token";
import { db } from "../../db/client";
import { agencies, users } from "../../db/schema";
import { env } from "../../env";
import { AppError, BadRequestError, TooManyRequestsError, UnauthorizedError } from "../../errors";
import { clearRateLimit, hitRateLimit, peekRateLimit } from "./rate-limit";
import { currentUserView } from "../users/get-user";
import { verifyRecaptcha } from "./verify-recaptcha";
import type { PublicServiceContext } from "../context";

/**
 * Checks credentials and issues a session token. Every attempt counts against the caller's IP;
 * failed attempts count against the email, and a success clears that email's count.
 */
export async function login({ ctx, input }: { ctx: PublicServiceContext; input: z.output<typeof loginSchema> }) {
  const { ip } = ctx;
  const { LOGIN_RATE_LIMIT_PER_EMAIL, LOGIN_RATE_LIMIT_PER_IP, LOGIN_RATE_LIMIT_WINDOW_SECONDS: window } = env();
  const emailKey = `login:email:${input.email}`;
  const byIp = await hitRateLimit(`login:ip:${ip}`, LOGIN_RATE_LIMIT_PER_IP, window);
  if (byIp.limited) throw new TooManyRequestsError(MESSAGES.loginRateLimited, byIp.retryAfterSeconds);
  const byEmail = await peekRateLimit(emailKey, LOGIN_RATE_LIMIT_PER_EMAIL, window);
  if (byEmail.limited) throw new TooManyRequestsError(MESSAGES.loginRateLimited, byEmail.retryAfterSeconds);

  if (!(await verifyRecaptcha(input.recaptcha, ip))) throw new BadRequestError(MESSAGES.recaptchaFailed);

  const [row] = await db()
    .select({ user: users, agencyConfirmedAt: agencies.confirmedAt })
    .from(users)
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .where(eq(users.email, input.email))
    .limit(1);
  const ok = await verifyPassword(input.password, row?.user.passwordHash ?? (await dummyPasswordHash()));
  if (!row || !ok) {
    await hitRateLimit(emailKey, LOGIN_RATE_LIMIT_PER_EMAIL, window);
    throw new UnauthorizedError(MESSAGES.loginInvalid);
  }
  if (!row.agencyConfirmedAt) throw new AppError(403, MESSAGES.agencyNotConfirmed);

  await clearRateLimit(emailKey);
  await db().update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, row.user.id));
  const token = await issueSessionToken({
    sub: row.user.id,
    agencyId: row.user.agencyId,
    role: row.user.role,
    sv: row.user.sessionVersion,
  });
  return { token, user: await currentUserView(row.user.id) };
}

import "server-only";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { MESSAGES } from "@/lib/constants/messages";
import type { loginSchema } from "@/lib/validation/auth";
import { dummyPasswordHash, verifyPassword } from "../../auth/password";
import { issueSessionToken } from "../../auth/session-token";
import { db } from "../../db/client";
import { agencies, users } from "../../db/schema";
import { AppError, BadRequestError, TooManyRequestsError, UnauthorizedError } from "../../errors";
import { clearLoginFailures, loginWaitSeconds, recordLoginFailure } from "./rate-limit";
import { currentUserView } from "../users/get-user";
import { verifyRecaptcha } from "./verify-recaptcha";
import type { PublicServiceContext } from "../context";

/**
 * Checks credentials and issues a session token. Failures slow down the account and address pair
 * (a growing delay) and the address; a success clears the pair (see ./rate-limit.ts). The account
 * itself is never locked, so a stranger's wrong passwords cannot lock its owner out.
 */
export async function login({ ctx, input }: { ctx: PublicServiceContext; input: z.output<typeof loginSchema> }) {
  const { ip } = ctx;
  const wait = await loginWaitSeconds(input.email, ip);
  if (wait > 0) throw new TooManyRequestsError(MESSAGES.loginRateLimited, wait);

  const recaptcha = input.recaptcha ?? input["g-recaptcha-response"];
  if (!(await verifyRecaptcha(recaptcha, ip))) throw new BadRequestError(MESSAGES.recaptchaFailed);

  const [row] = await db()
    .select({ user: users, agencyConfirmedAt: agencies.confirmedAt })
    .from(users)
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .where(eq(users.email, input.email))
    .limit(1);
  const ok = await verifyPassword(input.password, row?.user.passwordHash ?? (await dummyPasswordHash()));
  if (!row || !ok) {
    await recordLoginFailure(input.email, ip);
    throw new UnauthorizedError(MESSAGES.loginInvalid);
  }
  if (!row.agencyConfirmedAt) throw new AppError(403, MESSAGES.agencyNotConfirmed);

  await clearLoginFailures(input.email, ip);
  await db().update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, row.user.id));
  const token = await issueSessionToken({
    sub: row.user.id,
    agencyId: row.user.agencyId,
    role: row.user.role,
    sv: row.user.sessionVersion,
  });
  return { token, user: await currentUserView(row.user.id) };
}

import { NextResponse } from "next/server";
import { loginSchema } from "@/lib/validation/auth";
import { sessionCookieName, sessionCookieOptions } from "@/server/auth/session-token";
import { parseJsonBody } from "@/server/http/body";
import { withPublic } from "@/server/http/route";
import { login } from "@/server/services/accounts/login";
import { getCurrentUser } from "@/server/services/users/get-user";

/** POST /api/users/login: sets the session cookie and returns the token (for API clients) and the user. */
export const POST = withPublic(async (ctx) => {
  const input = await parseJsonBody(ctx.req, loginSchema);
  const { token, userId } = await login({ input, ip: ctx.ip });
  const response = NextResponse.json({ token, user: await getCurrentUser({ userId }) });
  response.cookies.set(sessionCookieName(), token, sessionCookieOptions());
  return response;
});

import { NextResponse } from "next/server";
import { loginSchema } from "@/lib/validation/auth";
import { sessionCookieName, sessionCookieOptions } from "@/server/auth/session-token";
import { parseJsonBody } from "@/server/http/body";
import { withPublic } from "@/server/http/route";
import { login } from "@/server/services/accounts/login";

/** POST /api/users/login: sets the session cookie and returns the token (for API clients) and the user. */
export const POST = withPublic(async (ctx, http) => {
  const result = await login({ ctx, input: await parseJsonBody(http.req, loginSchema) });
  const response = NextResponse.json(result);
  response.cookies.set(sessionCookieName(), result.token, sessionCookieOptions());
  return response;
});

import { NextResponse } from "next/server";
import { revokeSession } from "@/server/auth/revoke-session";
import { readSessionToken, sessionCookieName, sessionCookieOptions } from "@/server/auth/session-token";
import { withPublic } from "@/server/http/route";

/**
 * POST /api/users/logout: ends the session on the server (its token is refused from now on, as bearer or
 * cookie) and clears the cookie; the browser also clears its stored state.
 */
export const POST = withPublic(async (_ctx, { req }) => {
  await revokeSession(readSessionToken(req.headers, (name) => req.cookies.get(name)?.value));
  const response = NextResponse.json({ status: 200, message: "Logged out" });
  response.cookies.set(sessionCookieName(), "", { ...sessionCookieOptions(), maxAge: 0 });
  return response;
});

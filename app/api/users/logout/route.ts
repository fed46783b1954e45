import { NextResponse } from "next/server";
import { sessionCookieName, sessionCookieOptions } from "@/server/auth/session-token";
import { withPublic } from "@/server/http/route";

/** POST /api/users/logout: clears the session cookie (the browser also clears its stored state). */
export const POST = withPublic(async () => {
  const response = NextResponse.json({ status: 200, message: "Logged out" });
  response.cookies.set(sessionCookieName(), "", { ...sessionCookieOptions(), maxAge: 0 });
  return response;
});

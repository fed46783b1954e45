import { NextResponse } from "next/server";
import { userUpdateSchema } from "@/lib/validation/users";
import { sessionCookieName, sessionCookieOptions } from "@/server/auth/session-token";
import { parseJsonBody } from "@/server/http/body";
import { withAgencyAdmin, withUser } from "@/server/http/route";
import { removeStaff } from "@/server/services/staff/remove-staff";
import { getUser } from "@/server/services/users/get-user";
import { updateUser } from "@/server/services/users/update-user";
import { uuidParam } from "@/server/http/params";

type P = { id: string };

export const GET = withUser<P>(async (ctx, http) => getUser({ ctx, input: { userId: uuidParam(http.params.id) } }));

/** PUT /api/users/{id} with mode "edit" or "change-password" (the latter re-issues the session). */
export const PUT = withUser<P>(async (ctx, http) => {
  const result = await updateUser({
    ctx,
    input: { ...(await parseJsonBody(http.req, userUpdateSchema)), userId: uuidParam(http.params.id) },
  });
  const response = NextResponse.json(result);
  if ("token" in result && result.token && !http.req.headers.get("authorization")) {
    response.cookies.set(sessionCookieName(), result.token, sessionCookieOptions());
  }
  return response;
});

/** DELETE /api/users/{id}: agency admins remove a staff member; their sessions end at once. */
export const DELETE = withAgencyAdmin<P>(async (ctx, http) =>
  removeStaff({ ctx, input: { userId: uuidParam(http.params.id) } }),
);

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

export const GET = withUser<P>(async (ctx) => getUser({ ctx, userId: uuidParam(ctx.params.id) }));

/** PUT /api/users/{id} with mode "edit" or "change-password" (the latter re-issues the session). */
export const PUT = withUser<P>(async (ctx) => {
  const result = await updateUser({
    ctx,
    userId: uuidParam(ctx.params.id),
    input: await parseJsonBody(ctx.req, userUpdateSchema),
  });
  const response = NextResponse.json(result);
  if ("token" in result && result.token && !ctx.req.headers.get("authorization")) {
    response.cookies.set(sessionCookieName(), result.token, sessionCookieOptions());
  }
  return response;
});

/** DELETE /api/users/{id}: agency admins remove a staff member; their sessions end at once. */
export const DELETE = withAgencyAdmin<P>(async (ctx) => removeStaff({ ctx, userId: uuidParam(ctx.params.id) }));

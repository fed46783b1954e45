import { staffSignupSchema } from "@/lib/validation/auth";
import { parseJsonBody } from "@/server/http/body";
import { json, withPublic } from "@/server/http/route";
import { acceptInvitation } from "@/server/services/invitations/accept-invitation";

/** POST /api/users/signup: staff sign-up with an invitation token. */
export const POST = withPublic(async (ctx, http) =>
  json(await acceptInvitation({ ctx, input: await parseJsonBody(http.req, staffSignupSchema) }), 201),
);

import { inviteSchema } from "@/lib/validation/users";
import { tokenSchema } from "@/lib/validation/auth";
import { parseJsonBody, parseQuery } from "@/server/http/body";
import { json, withAgencyAdmin, withPublic } from "@/server/http/route";
import { createInvitations } from "@/server/services/invitations/create-invitations";
import { invitationTokenInfo } from "@/server/services/invitations/invitation-token";
import { listInvitations } from "@/server/services/invitations/list-invitations";
import { pageQuerySchema } from "@/server/services/pagination";

const tokenInfo = withPublic(async (ctx, http) =>
  invitationTokenInfo({ ctx, input: parseQuery(http.req, tokenSchema) }),
);
const list = withAgencyAdmin(async (ctx, http) =>
  listInvitations({ ctx, input: parseQuery(http.req, pageQuerySchema) }),
);

/** GET /api/invitations?token=… is the public token info; without a token, the agency's invitations (admins). */
export const GET: typeof list = (req, args) =>
  req.nextUrl.searchParams.has("token") ? tokenInfo(req, args) : list(req, args);

/** POST /api/invitations: agency admins invite staff by email. */
export const POST = withAgencyAdmin(async (ctx, http) => {
  const { emails } = await parseJsonBody(http.req, inviteSchema);
  return json(await createInvitations({ ctx, input: { emails } }), 201);
});

import { uuidParam } from "@/server/http/params";
import { withAgencyAdmin } from "@/server/http/route";
import { revokeApiToken } from "@/server/services/api-tokens/api-tokens";

/** DELETE /api/api-tokens/{id}: revokes an API token of the agency (agency admins). */
export const DELETE = withAgencyAdmin<{ id: string }>(async (ctx, http) =>
  revokeApiToken({ ctx, input: { id: uuidParam(http.params.id) } }),
);

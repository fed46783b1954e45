import { createApiTokenSchema } from "@/lib/validation/api-tokens";
import { parseJsonBody } from "@/server/http/body";
import { json, withAgencyAdmin } from "@/server/http/route";
import { createApiToken, listApiTokens } from "@/server/services/api-tokens/api-tokens";

/** GET /api/api-tokens: the agency's API tokens in use (agency admins). */
export const GET = withAgencyAdmin(async (ctx) => listApiTokens({ ctx }));

/** POST /api/api-tokens: a named API token, shown once in the answer (agency admins). */
export const POST = withAgencyAdmin(async (ctx, http) =>
  json(await createApiToken({ ctx, input: await parseJsonBody(http.req, createApiTokenSchema) }), 201),
);

import { clientSchema } from "@/lib/validation/clients";
import { parseJsonBody } from "@/server/http/body";
import { json, withAgencyAdmin } from "@/server/http/route";
import { createClient } from "@/server/services/clients/create-client";

/** POST /api/clients: agency admins add a client. */
export const POST = withAgencyAdmin(async (ctx, http) =>
  json(await createClient({ ctx, input: await parseJsonBody(http.req, clientSchema) }), 201),
);

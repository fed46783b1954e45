import { supportRequestSchema } from "@/lib/validation/support";
import { parseJsonBody, parseQuery } from "@/server/http/body";
import { json, withAgencyAdmin } from "@/server/http/route";
import { pageQuerySchema } from "@/server/services/pagination";
import { createSupportRequest } from "@/server/services/support/create-support-request";
import { listSupportRequests } from "@/server/services/support/list-support-requests";

/** GET /api/support-requests: the agency's support requests with their state (agency admins). */
export const GET = withAgencyAdmin(async (ctx, http) =>
  listSupportRequests({ ctx, input: parseQuery(http.req, pageQuerySchema) }),
);

/** POST /api/support-requests: a question or a plan change, emailed to the operator's SUPPORT_EMAIL (202). */
export const POST = withAgencyAdmin(async (ctx, http) =>
  json(await createSupportRequest({ ctx, input: await parseJsonBody(http.req, supportRequestSchema) }), 202),
);

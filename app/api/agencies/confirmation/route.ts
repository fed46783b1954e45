import { tokenSchema } from "@/lib/validation/auth";
import { parseQuery } from "@/server/http/body";
import { withPublic } from "@/server/http/route";
import { confirmAgency } from "@/server/services/agencies/confirm-agency";

/** GET /api/agencies/confirmation?token=…: confirms the agency (single use). */
export const GET = withPublic(async (ctx, http) => confirmAgency({ ctx, input: parseQuery(http.req, tokenSchema) }));

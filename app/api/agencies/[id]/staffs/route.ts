import { parseQuery } from "@/server/http/body";
import { ownAgencyParam } from "@/server/http/own-agency";
import { withAgencyAdmin } from "@/server/http/route";
import { pageQuerySchema } from "@/server/services/pagination";
import { listAgencyUsers } from "@/server/services/staff/list-agency-staff";

export const GET = withAgencyAdmin<{ id: string }>(async (ctx, http) => {
  ownAgencyParam(ctx.actor, http.params.id);
  return listAgencyUsers({ ctx, input: { ...parseQuery(http.req, pageQuerySchema), role: "staff" } });
});

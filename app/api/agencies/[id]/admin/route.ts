import { parseQuery } from "@/server/http/body";
import { ownAgencyParam } from "@/server/http/own-agency";
import { withUser } from "@/server/http/route";
import { pageQuerySchema } from "@/server/services/pagination";
import { listAgencyUsers } from "@/server/services/staff/list-agency-staff";

export const GET = withUser<{ id: string }>(async (ctx, http) => {
  ownAgencyParam(ctx.actor, http.params.id);
  return listAgencyUsers({ ctx, input: { ...parseQuery(http.req, pageQuerySchema), role: "agency" } });
});

import { parseQuery } from "@/server/http/body";
import { ownAgencyParam } from "@/server/http/own-agency";
import { pageQuerySchema } from "@/server/http/pagination";
import { withUser } from "@/server/http/route";
import { listAgencyUsers } from "@/server/services/staff/list-agency-staff";

export const GET = withUser<{ id: string }>(async (ctx) => {
  ownAgencyParam(ctx.actor, ctx.params.id);
  return listAgencyUsers({ ctx, role: "agency", page: parseQuery(ctx.req, pageQuerySchema) });
});

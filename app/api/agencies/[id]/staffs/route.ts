import { parseQuery } from "@/server/http/body";
import { ownAgencyParam } from "@/server/http/own-agency";
import { pageQuerySchema } from "@/server/http/pagination";
import { withAgencyAdmin } from "@/server/http/route";
import { listAgencyUsers } from "@/server/services/staff/list-agency-staff";

export const GET = withAgencyAdmin<{ id: string }>(async (ctx) => {
  ownAgencyParam(ctx.actor, ctx.params.id);
  return listAgencyUsers({ ctx, role: "staff", page: parseQuery(ctx.req, pageQuerySchema) });
});

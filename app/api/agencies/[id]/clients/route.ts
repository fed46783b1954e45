import { parseQuery } from "@/server/http/body";
import { ownAgencyParam } from "@/server/http/own-agency";
import { pageQuerySchema } from "@/server/http/pagination";
import { withUser } from "@/server/http/route";
import { listClients } from "@/server/services/clients/list-clients";

/** GET /api/agencies/{id}/clients: the clients the caller may see, with their projects (dashboard). */
export const GET = withUser<{ id: string }>(async (ctx) => {
  ownAgencyParam(ctx.actor, ctx.params.id);
  return listClients({ ctx, page: parseQuery(ctx.req, pageQuerySchema) });
});

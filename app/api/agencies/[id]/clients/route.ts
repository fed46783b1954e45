import { parseQuery } from "@/server/http/body";
import { ownAgencyParam } from "@/server/http/own-agency";
import { withUser } from "@/server/http/route";
import { listClients } from "@/server/services/clients/list-clients";
import { pageQuerySchema } from "@/server/services/pagination";

/** GET /api/agencies/{id}/clients: the clients the caller may see, with their projects (dashboard). */
export const GET = withUser<{ id: string }>(async (ctx, http) => {
  ownAgencyParam(ctx.actor, http.params.id);
  return listClients({ ctx, input: parseQuery(http.req, pageQuerySchema) });
});

import { clientSchema } from "@/lib/validation/clients";
import { parseJsonBody } from "@/server/http/body";
import { withClientAccess } from "@/server/http/route";
import { deleteClient } from "@/server/services/clients/delete-client";
import { getClient } from "@/server/services/clients/get-client";
import { updateClient } from "@/server/services/clients/update-client";

export const GET = withClientAccess("client:view", async (ctx) => getClient({ ctx }));
export const PUT = withClientAccess("client:edit", async (ctx, http) =>
  updateClient({ ctx, input: await parseJsonBody(http.req, clientSchema) }),
);
/** Agency admins only (checked in the service): the client and everything under it. */
export const DELETE = withClientAccess("client:view", async (ctx) => deleteClient({ ctx }));

import { shareClientSchema } from "@/lib/validation/clients";
import { parseJsonBody } from "@/server/http/body";
import { json, withClientAccess } from "@/server/http/route";
import { shareClient } from "@/server/services/sharing/share-client";

/** POST /api/clients/{id}/staffs/add { email, permission }: share the client (Client Admins and agency admins). */
export const POST = withClientAccess("staff:manage", async (ctx, http) => {
  const { email, permission } = await parseJsonBody(http.req, shareClientSchema);
  return json(await shareClient({ ctx, input: { email, permission } }), 201);
});

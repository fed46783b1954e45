import { shareClientSchema } from "@/lib/validation/clients";
import { parseJsonBody } from "@/server/http/body";
import { json, withClientAccess } from "@/server/http/route";
import { shareClient } from "@/server/services/sharing/share-client";

/** POST /api/clients/{id}/staffs/add { email, permission }: share the client (Client Admins and agency admins). */
export const POST = withClientAccess("staff:manage", async (ctx) => {
  const input = await parseJsonBody(ctx.req, shareClientSchema);
  return json(await shareClient({ ctx, access: ctx.access, email: input.email, permission: input.permission }), 201);
});

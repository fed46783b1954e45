import { userPermissionsSchema } from "@/lib/validation/clients";
import { parseJsonBody } from "@/server/http/body";
import { uuidParam } from "@/server/http/params";
import { withAgencyAdmin } from "@/server/http/route";
import { updateUserPermissions } from "@/server/services/staff/update-user-permissions";

export const POST = withAgencyAdmin<{ id: string }>(async (ctx, http) =>
  updateUserPermissions({
    ctx,
    input: { ...(await parseJsonBody(http.req, userPermissionsSchema)), userId: uuidParam(http.params.id) },
  }),
);

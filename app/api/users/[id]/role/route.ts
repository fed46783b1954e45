import { roleSchema } from "@/lib/validation/clients";
import { parseJsonBody } from "@/server/http/body";
import { uuidParam } from "@/server/http/params";
import { withAgencyAdmin } from "@/server/http/route";
import { changeRole } from "@/server/services/staff/change-role";

/** PUT /api/users/{id}/role { role }: change a user's role (agency admins). */
export const PUT = withAgencyAdmin<{ id: string }>(async (ctx, http) =>
  changeRole({
    ctx,
    input: { userId: uuidParam(http.params.id), role: (await parseJsonBody(http.req, roleSchema)).role },
  }),
);

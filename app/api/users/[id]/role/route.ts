import { roleSchema } from "@/lib/validation/clients";
import { parseJsonBody } from "@/server/http/body";
import { uuidParam } from "@/server/http/params";
import { withAgencyAdmin } from "@/server/http/route";
import { changeRole } from "@/server/services/staff/change-role";

/** PUT /api/users/{id}/role { role }: change a user's role (agency admins). */
export const PUT = withAgencyAdmin<{ id: string }>(async (ctx) =>
  changeRole({ ctx, userId: uuidParam(ctx.params.id), role: (await parseJsonBody(ctx.req, roleSchema)).role }),
);

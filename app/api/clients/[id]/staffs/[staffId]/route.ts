import { clientPermissionSchema } from "@/lib/validation/clients";
import { parseJsonBody } from "@/server/http/body";
import { uuidParam } from "@/server/http/params";
import { withClientAccess } from "@/server/http/route";
import { getClientStaff, removeClientStaff, updateClientStaff } from "@/server/services/sharing/client-staff";

type P = { id: string; staffId: string };

export const GET = withClientAccess<P>("staff:view", async (ctx) =>
  getClientStaff({ access: ctx.access, staffId: uuidParam(ctx.params.staffId) }),
);
/** PUT { permission }: the staff-client permission, named by both ids. */
export const PUT = withClientAccess<P>("staff:manage", async (ctx) =>
  updateClientStaff({
    ctx,
    access: ctx.access,
    staffId: uuidParam(ctx.params.staffId),
    permission: (await parseJsonBody(ctx.req, clientPermissionSchema)).permission,
  }),
);
export const DELETE = withClientAccess<P>("staff:manage", async (ctx) =>
  removeClientStaff({ ctx, access: ctx.access, staffId: uuidParam(ctx.params.staffId) }),
);

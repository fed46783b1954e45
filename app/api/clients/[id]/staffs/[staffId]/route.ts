import { clientPermissionSchema } from "@/lib/validation/clients";
import { parseJsonBody } from "@/server/http/body";
import { uuidParam } from "@/server/http/params";
import { withClientAccess } from "@/server/http/route";
import { getClientStaff, removeClientStaff, updateClientStaff } from "@/server/services/sharing/client-staff";

type P = { id: string; staffId: string };

export const GET = withClientAccess<P>("staff:view", async (ctx, http) =>
  getClientStaff({ ctx, input: { staffId: uuidParam(http.params.staffId) } }),
);
/** PUT { permission }: the staff-client permission, named by both ids. */
export const PUT = withClientAccess<P>("staff:manage", async (ctx, http) =>
  updateClientStaff({
    ctx,
    input: {
      staffId: uuidParam(http.params.staffId),
      permission: (await parseJsonBody(http.req, clientPermissionSchema)).permission,
    },
  }),
);
export const DELETE = withClientAccess<P>("staff:manage", async (ctx, http) =>
  removeClientStaff({ ctx, input: { staffId: uuidParam(http.params.staffId) } }),
);

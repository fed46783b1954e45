import { statusSchema } from "@/lib/validation/clients";
import { parseJsonBody } from "@/server/http/body";
import { withClientAccess } from "@/server/http/route";
import { setClientStatus } from "@/server/services/clients/set-client-status";

/** PUT /api/clients/{id}/status { status: "active" | "suspended" }: agency admins. */
export const PUT = withClientAccess("client:view", async (ctx, http) =>
  setClientStatus({ ctx, input: { status: (await parseJsonBody(http.req, statusSchema)).status } }),
);

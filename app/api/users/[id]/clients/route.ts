import { uuidParam } from "@/server/http/params";
import { withUser } from "@/server/http/route";
import { userClients } from "@/server/services/sharing/user-clients";

export const GET = withUser<{ id: string }>(async (ctx, http) =>
  userClients({ ctx, input: { userId: uuidParam(http.params.id) } }),
);

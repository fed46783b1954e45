import { uuidParam } from "@/server/http/params";
import { withUser } from "@/server/http/route";
import { getAgency } from "@/server/services/agencies/get-agency";

export const GET = withUser<{ id: string }>(async (ctx, http) =>
  getAgency({ ctx, input: { agencyId: uuidParam(http.params.id) } }),
);

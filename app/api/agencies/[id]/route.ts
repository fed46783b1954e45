import { uuidParam } from "@/server/http/params";
import { withUser } from "@/server/http/route";
import { getAgency } from "@/server/services/agencies/get-agency";

export const GET = withUser<{ id: string }>(async (ctx) => getAgency({ ctx, agencyId: uuidParam(ctx.params.id) }));

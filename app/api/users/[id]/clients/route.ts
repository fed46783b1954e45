import { uuidParam } from "@/server/http/params";
import { withUser } from "@/server/http/route";
import { userClients } from "@/server/services/sharing/user-clients";

export const GET = withUser<{ id: string }>(async (ctx) => userClients({ ctx, userId: uuidParam(ctx.params.id) }));

import { withUser } from "@/server/http/route";
import { getInsight } from "@/server/services/insights/get-insight";
import { requireInsightAccess } from "@/server/services/insights/insight-access";

export const GET = withUser<{ id: string }>(async (ctx) =>
  getInsight({ actor: ctx.actor, access: await requireInsightAccess(ctx.actor, ctx.params.id, "report:view") }),
);

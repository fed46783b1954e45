import { savedInsightSchema } from "@/lib/validation/reports";
import { parseJsonBody, parseWith } from "@/server/http/body";
import { json, withProjectAccess } from "@/server/http/route";
import { listSavedInsights } from "@/server/services/saved-insights/list-saved";
import { saveInsight, unsaveInsight } from "@/server/services/saved-insights/save-insight";

// Saving is per user: Viewers may save what they may read.
export const GET = withProjectAccess("report:view", async (ctx) => listSavedInsights({ ctx }));
export const POST = withProjectAccess("report:view", async (ctx) =>
  json(await saveInsight({ ctx, insightId: (await parseJsonBody(ctx.req, savedInsightSchema)).insightId }), 201),
);
export const DELETE = withProjectAccess("report:view", async (ctx) => {
  const fromQuery = ctx.req.nextUrl.searchParams.get("insightId");
  const input =
    fromQuery !== null
      ? parseWith(savedInsightSchema, { insightId: fromQuery })
      : await parseJsonBody(ctx.req, savedInsightSchema);
  return unsaveInsight({ ctx, insightId: input.insightId });
});

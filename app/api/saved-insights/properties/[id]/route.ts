import { savedInsightSchema } from "@/lib/validation/reports";
import { parseJsonBody, parseWith } from "@/server/http/body";
import { json, withProjectAccess } from "@/server/http/route";
import { listSavedInsights } from "@/server/services/saved-insights/list-saved";
import { saveInsight, unsaveInsight } from "@/server/services/saved-insights/save-insight";

// Saving is per user: Viewers may save what they may read.
export const GET = withProjectAccess("report:view", async (ctx) => listSavedInsights({ ctx }));
export const POST = withProjectAccess("report:view", async (ctx, http) =>
  json(await saveInsight({ ctx, input: await parseJsonBody(http.req, savedInsightSchema) }), 201),
);
export const DELETE = withProjectAccess("report:view", async (ctx, http) => {
  const fromQuery = http.req.nextUrl.searchParams.get("insightId");
  const input =
    fromQuery !== null
      ? parseWith(savedInsightSchema, { insightId: fromQuery })
      : await parseJsonBody(http.req, savedInsightSchema);
  return unsaveInsight({ ctx, input });
});

import { withInsightAccess } from "@/server/http/route";
import { getInsight } from "@/server/services/insights/get-insight";

export const GET = withInsightAccess("report:view", async (ctx) => getInsight({ ctx }));

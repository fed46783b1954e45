import { insightQuerySchema } from "@/lib/validation/reports";
import { parseQuery } from "@/server/http/body";
import { withProjectAccess } from "@/server/http/route";
import { listInsights } from "@/server/services/insights/list-insights";

export const GET = withProjectAccess("report:view", async (ctx, http) =>
  listInsights({ ctx, input: parseQuery(http.req, insightQuerySchema) }),
);

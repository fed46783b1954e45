import { insightQuerySchema } from "@/lib/validation/reports";
import { parseQuery } from "@/server/http/body";
import { cachedRead } from "@/server/http/read-cache";
import { withProjectReadAccess } from "@/server/http/route";
import { listInsights } from "@/server/services/insights/list-insights";

// A named report's insights are cached by its version (read with the access, in one query); a tag's (which may span
// reports) and the master report's (which a new report replaces) are not.
export const GET = withProjectReadAccess(
  "report:view",
  (req) => req.nextUrl.searchParams.get("reportId"),
  async (ctx, http) => {
    const input = parseQuery(http.req, insightQuerySchema);
    const version = input.reportId && !input.tag ? ctx.access.reportVersion : null;
    return cachedRead(http.req, { kind: "insights", version, actor: ctx.actor }, () => listInsights({ ctx, input }));
  },
);

import { insightQuerySchema } from "@/lib/validation/reports";
import { parseQuery } from "@/server/http/body";
import { cachedRead } from "@/server/http/read-cache";
import { withProjectAccess } from "@/server/http/route";
import { listInsights } from "@/server/services/insights/list-insights";
import { reportReadVersion } from "@/server/services/reports/read-version";

// A named report's insights are cached by its version; a tag's (which may span reports) and the master
// report's (which a new report replaces) are not.
export const GET = withProjectAccess("report:view", async (ctx, http) => {
  const input = parseQuery(http.req, insightQuerySchema);
  const version =
    input.reportId && !input.tag
      ? await reportReadVersion({
          agencyId: ctx.actor.agencyId,
          projectId: ctx.access.project.id,
          reportId: input.reportId,
        })
      : null;
  return cachedRead(http.req, { kind: "insights", version, actor: ctx.actor }, () => listInsights({ ctx, input }));
});

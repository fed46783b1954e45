import { cachedRead } from "@/server/http/read-cache";
import { withInsightAccess } from "@/server/http/route";
import { getInsight } from "@/server/services/insights/get-insight";
import { reportReadVersion } from "@/server/services/reports/read-version";

export const GET = withInsightAccess("report:view", async (ctx, { req }) => {
  const { insight, project } = ctx.access;
  const version = await reportReadVersion({
    agencyId: ctx.actor.agencyId,
    projectId: project.id,
    reportId: insight.reportId,
  });
  return cachedRead(req, { kind: "insight", version, actor: ctx.actor }, () => getInsight({ ctx }));
});

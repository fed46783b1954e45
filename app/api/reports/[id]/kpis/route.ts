import { cachedRead } from "@/server/http/read-cache";
import { withReportAccess } from "@/server/http/route";
import { reportKpis } from "@/server/services/reports/report-kpis";

/** GET /api/reports/{id}/kpis: the report's headline figures with their change and daily series. */
export const GET = withReportAccess("report:view", async (ctx, { req }) =>
  cachedRead(req, { kind: "kpis", version: ctx.access.report, actor: ctx.actor }, () => reportKpis({ ctx })),
);

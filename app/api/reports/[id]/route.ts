import { parseQuery } from "@/server/http/body";
import { cachedRead } from "@/server/http/read-cache";
import { withReportAccess } from "@/server/http/route";
import { reportWaitQuerySchema } from "@/lib/validation/reports";
import { deleteReport } from "@/server/services/reports/delete-report";
import { getReport } from "@/server/services/reports/get-report";

export const GET = withReportAccess("report:view", async (ctx, { req }) => {
  const input = parseQuery(req, reportWaitQuerySchema);
  return cachedRead(req, { kind: "report", version: ctx.access.report, actor: ctx.actor }, () =>
    getReport({ ctx, input }),
  );
});
export const DELETE = withReportAccess("report:manage", async (ctx) => deleteReport({ ctx }));

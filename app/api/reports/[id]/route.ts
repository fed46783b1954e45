import { withUser } from "@/server/http/route";
import { deleteReport } from "@/server/services/reports/delete-report";
import { requireReportAccess } from "@/server/services/reports/report-access";
import { reportView } from "@/server/services/reports/report-view";

export const GET = withUser<{ id: string }>(async (ctx) =>
  reportView((await requireReportAccess(ctx.actor, ctx.params.id, "report:view")).report),
);
export const DELETE = withUser<{ id: string }>(async (ctx) =>
  deleteReport({ access: await requireReportAccess(ctx.actor, ctx.params.id, "report:manage") }),
);

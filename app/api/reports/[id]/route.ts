import { parseQuery } from "@/server/http/body";
import { withReportAccess } from "@/server/http/route";
import { reportWaitQuerySchema } from "@/lib/validation/reports";
import { deleteReport } from "@/server/services/reports/delete-report";
import { getReport } from "@/server/services/reports/get-report";

export const GET = withReportAccess("report:view", async (ctx, { req }) =>
  getReport({ ctx, input: parseQuery(req, reportWaitQuerySchema) }),
);
export const DELETE = withReportAccess("report:manage", async (ctx) => deleteReport({ ctx }));

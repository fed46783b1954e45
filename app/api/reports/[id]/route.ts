import { withReportAccess } from "@/server/http/route";
import { deleteReport } from "@/server/services/reports/delete-report";
import { getReport } from "@/server/services/reports/get-report";

export const GET = withReportAccess("report:view", async (ctx) => getReport({ ctx }));
export const DELETE = withReportAccess("report:manage", async (ctx) => deleteReport({ ctx }));

import { createReportSchema } from "@/lib/validation/reports";
import { parseJsonBody } from "@/server/http/body";
import { json, withProjectAccess } from "@/server/http/route";
import { createReport } from "@/server/services/reports/create-report";

export const POST = withProjectAccess("report:manage", async (ctx, http) =>
  json(await createReport({ ctx, input: await parseJsonBody(http.req, createReportSchema) }), 202),
);

import { createReportSchema } from "@/lib/validation/reports";
import { parseJsonBody } from "@/server/http/body";
import { json, withProjectAccess } from "@/server/http/route";
import { createReport } from "@/server/services/reports/create-report";

export const POST = withProjectAccess("report:manage", async (ctx) =>
  json(await createReport({ ctx, access: ctx.access, input: await parseJsonBody(ctx.req, createReportSchema) }), 202),
);

import { parseQuery } from "@/server/http/body";
import { pageQuerySchema } from "@/server/http/pagination";
import { withProjectAccess } from "@/server/http/route";
import { listReports } from "@/server/services/reports/list-reports";

export const GET = withProjectAccess("report:view", async (ctx) =>
  listReports({ access: ctx.access, page: parseQuery(ctx.req, pageQuerySchema) }),
);

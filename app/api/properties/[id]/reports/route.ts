import { parseQuery } from "@/server/http/body";
import { withProjectAccess } from "@/server/http/route";
import { pageQuerySchema } from "@/server/services/pagination";
import { listReports } from "@/server/services/reports/list-reports";

export const GET = withProjectAccess("report:view", async (ctx, http) =>
  listReports({ ctx, input: parseQuery(http.req, pageQuerySchema) }),
);

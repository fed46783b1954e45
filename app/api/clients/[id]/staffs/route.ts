import { parseQuery } from "@/server/http/body";
import { withClientAccess } from "@/server/http/route";
import { pageQuerySchema } from "@/server/services/pagination";
import { listClientStaff } from "@/server/services/sharing/client-staff";

export const GET = withClientAccess("staff:view", async (ctx, http) =>
  listClientStaff({ ctx, input: parseQuery(http.req, pageQuerySchema) }),
);

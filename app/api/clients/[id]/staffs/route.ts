import { parseQuery } from "@/server/http/body";
import { pageQuerySchema } from "@/server/http/pagination";
import { withClientAccess } from "@/server/http/route";
import { listClientStaff } from "@/server/services/sharing/client-staff";

export const GET = withClientAccess("staff:view", async (ctx) =>
  listClientStaff({ access: ctx.access, page: parseQuery(ctx.req, pageQuerySchema) }),
);

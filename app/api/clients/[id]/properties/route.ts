import { parseQuery } from "@/server/http/body";
import { pageQuerySchema } from "@/server/http/pagination";
import { withClientAccess } from "@/server/http/route";
import { listProjects } from "@/server/services/projects/list-projects";

export const GET = withClientAccess("project:view", async (ctx) =>
  listProjects({ access: ctx.access, page: parseQuery(ctx.req, pageQuerySchema) }),
);

import { parseQuery } from "@/server/http/body";
import { withClientAccess } from "@/server/http/route";
import { pageQuerySchema } from "@/server/services/pagination";
import { listProjects } from "@/server/services/projects/list-projects";

export const GET = withClientAccess("project:view", async (ctx, http) =>
  listProjects({ ctx, input: parseQuery(http.req, pageQuerySchema) }),
);

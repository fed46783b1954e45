import { parseJsonBody } from "@/server/http/body";
import { withProjectAccess } from "@/server/http/route";
import { getProject } from "@/server/services/projects/get-project";
import { projectUpdateSchema, updateProject } from "@/server/services/projects/update-project";

export const GET = withProjectAccess("project:view", async (ctx) => getProject({ ctx }));
export const PUT = withProjectAccess("project:edit", async (ctx, http) =>
  updateProject({ ctx, input: await parseJsonBody(http.req, projectUpdateSchema) }),
);

import { projectSchema } from "@/lib/validation/clients";
import { parseJsonBody } from "@/server/http/body";
import { json, withClientAccess } from "@/server/http/route";
import { createProject } from "@/server/services/projects/create-project";

/** POST /api/clients/{id}/properties/add: a new project within the plan's limit. */
export const POST = withClientAccess("project:create", async (ctx, http) =>
  json(await createProject({ ctx, input: await parseJsonBody(http.req, projectSchema) }), 201),
);

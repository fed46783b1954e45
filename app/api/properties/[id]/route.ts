import { parseJsonBody } from "@/server/http/body";
import { withProjectAccess } from "@/server/http/route";
import { projectView } from "@/server/services/clients/client-view";
import { projectUsage } from "@/server/services/projects/project-limit";
import { projectUpdateSchema, updateProject } from "@/server/services/projects/update-project";
import { clientView } from "@/server/services/clients/client-view";

export const GET = withProjectAccess("project:view", async (ctx) => ({
  ...projectView(ctx.access.project),
  client: clientView(ctx.actor, ctx.access.client, ctx.actor.isAgencyAdmin ? null : ctx.access.level),
  usage: await projectUsage(ctx.access.project.agencyId),
}));
export const PUT = withProjectAccess("project:edit", async (ctx) =>
  updateProject({ ctx, access: ctx.access, input: await parseJsonBody(ctx.req, projectUpdateSchema) }),
);

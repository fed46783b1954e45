import "server-only";
import { clientView, projectView } from "../clients/client-view";
import type { ProjectServiceContext } from "../context";
import { projectUsage } from "./project-limit";

/** GET /properties/{id}: the project with its client (as the caller sees it) and the plan's usage. */
export async function getProject({ ctx }: { ctx: ProjectServiceContext }) {
  const { actor, access } = ctx;
  return {
    ...projectView(access.project),
    client: clientView(actor, access.client, actor.isAgencyAdmin ? null : access.level),
    usage: await projectUsage(access.project.agencyId),
  };
}

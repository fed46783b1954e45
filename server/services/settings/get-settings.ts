import "server-only";
import type { ClientServiceContext, ProjectServiceContext } from "../context";
import { clientSettingsView, projectSettingsView } from "./settings-view";

/** GET /clients/{id}/settings. */
export async function getClientSettings({ ctx }: { ctx: ClientServiceContext }) {
  return clientSettingsView(ctx.access.client.settings);
}

/** GET /properties/{id}/settings. */
export async function getProjectSettings({ ctx }: { ctx: ProjectServiceContext }) {
  const { project } = ctx.access;
  return projectSettingsView(project.settings, project.siteType);
}

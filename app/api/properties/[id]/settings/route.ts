import { projectSettingsUpdateSchema } from "@/lib/validation/settings";
import { parseJsonBody } from "@/server/http/body";
import { withProjectAccess } from "@/server/http/route";
import { projectSettingsView } from "@/server/services/settings/settings-view";
import { updateProjectSettings } from "@/server/services/settings/update-project-settings";

export const GET = withProjectAccess("project:view", async (ctx) =>
  projectSettingsView(ctx.access.project.settings, ctx.access.project.siteType),
);
export const PUT = withProjectAccess("client:settings", async (ctx) =>
  updateProjectSettings({ access: ctx.access, input: await parseJsonBody(ctx.req, projectSettingsUpdateSchema) }),
);

import { projectSettingsUpdateSchema } from "@/lib/validation/settings";
import { parseJsonBody } from "@/server/http/body";
import { withProjectAccess } from "@/server/http/route";
import { getProjectSettings } from "@/server/services/settings/get-settings";
import { updateProjectSettings } from "@/server/services/settings/update-project-settings";

export const GET = withProjectAccess("project:view", async (ctx) => getProjectSettings({ ctx }));
export const PUT = withProjectAccess("client:settings", async (ctx, http) =>
  updateProjectSettings({ ctx, input: await parseJsonBody(http.req, projectSettingsUpdateSchema) }),
);

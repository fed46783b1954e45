import { clientSettingsUpdateSchema } from "@/lib/validation/settings";
import { parseJsonBody } from "@/server/http/body";
import { withClientAccess } from "@/server/http/route";
import { clientSettingsView } from "@/server/services/settings/settings-view";
import { updateClientSettings } from "@/server/services/settings/update-client-settings";

export const GET = withClientAccess("client:view", async (ctx) => clientSettingsView(ctx.access.client.settings));
export const PUT = withClientAccess("client:settings", async (ctx) =>
  updateClientSettings({ access: ctx.access, input: await parseJsonBody(ctx.req, clientSettingsUpdateSchema) }),
);

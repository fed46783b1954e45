import { clientSettingsUpdateSchema } from "@/lib/validation/settings";
import { parseJsonBody } from "@/server/http/body";
import { withClientAccess } from "@/server/http/route";
import { getClientSettings } from "@/server/services/settings/get-settings";
import { updateClientSettings } from "@/server/services/settings/update-client-settings";

export const GET = withClientAccess("client:view", async (ctx) => getClientSettings({ ctx }));
export const PUT = withClientAccess("client:settings", async (ctx, http) =>
  updateClientSettings({ ctx, input: await parseJsonBody(http.req, clientSettingsUpdateSchema) }),
);

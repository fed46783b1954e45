import { agencySettingsSchema } from "@/lib/validation/settings";
import { parseJsonBody } from "@/server/http/body";
import { ownAgencyParam } from "@/server/http/own-agency";
import { withAgencyAdmin } from "@/server/http/route";
import { getAgencySettings } from "@/server/services/settings/get-agency-settings";
import { updateAgencySettings } from "@/server/services/settings/update-agency-settings";

export const GET = withAgencyAdmin<{ id: string }>(async (ctx, http) => {
  ownAgencyParam(ctx.actor, http.params.id);
  return getAgencySettings({ ctx });
});
export const PUT = withAgencyAdmin<{ id: string }>(async (ctx, http) => {
  ownAgencyParam(ctx.actor, http.params.id);
  return updateAgencySettings({ ctx, input: await parseJsonBody(http.req, agencySettingsSchema) });
});

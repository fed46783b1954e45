import { agencySettingsSchema } from "@/lib/validation/settings";
import { parseJsonBody } from "@/server/http/body";
import { ownAgencyParam } from "@/server/http/own-agency";
import { withAgencyAdmin } from "@/server/http/route";
import { getAgencySettings } from "@/server/services/settings/get-agency-settings";
import { updateAgencySettings } from "@/server/services/settings/update-agency-settings";

export const GET = withAgencyAdmin<{ id: string }>(async (ctx) =>
  getAgencySettings({ agencyId: ownAgencyParam(ctx.actor, ctx.params.id) }),
);
export const PUT = withAgencyAdmin<{ id: string }>(async (ctx) => {
  const agencyId = ownAgencyParam(ctx.actor, ctx.params.id);
  return updateAgencySettings({ agencyId, input: await parseJsonBody(ctx.req, agencySettingsSchema) });
});

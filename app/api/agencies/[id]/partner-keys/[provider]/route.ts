import { partnerKeySchema } from "@/lib/validation/partner-keys";
import { parseJsonBody } from "@/server/http/body";
import { ownAgencyParam } from "@/server/http/own-agency";
import { withAgencyAdmin } from "@/server/http/route";
import { deletePartnerKey, providerOf, savePartnerKey } from "@/server/services/partner-keys/partner-keys";

// Saves the agency's key for a partner after one live call accepted it, or removes it.
export const PUT = withAgencyAdmin<{ id: string; provider: string }>(async (ctx, http) => {
  ownAgencyParam(ctx.actor, http.params.id);
  const provider = providerOf(http.params.provider);
  const body = await parseJsonBody(http.req, partnerKeySchema);
  return savePartnerKey({ ctx, input: { provider, apiKey: body.apiKey } });
});
export const DELETE = withAgencyAdmin<{ id: string; provider: string }>(async (ctx, http) => {
  ownAgencyParam(ctx.actor, http.params.id);
  return deletePartnerKey({ ctx, input: { provider: providerOf(http.params.provider) } });
});

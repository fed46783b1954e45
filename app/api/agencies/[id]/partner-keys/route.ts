import { ownAgencyParam } from "@/server/http/own-agency";
import { withAgencyAdmin } from "@/server/http/route";
import { listPartnerKeys } from "@/server/services/partner-keys/partner-keys";

// The agency's own partner API keys (Semrush, Similarweb), as agency settings show them: never the key itself.
export const GET = withAgencyAdmin<{ id: string }>(async (ctx, http) => {
  ownAgencyParam(ctx.actor, http.params.id);
  return listPartnerKeys({ ctx });
});

import { ownAgencyParam } from "@/server/http/own-agency";
import { withAgencyAdmin } from "@/server/http/route";
import { getSubscription } from "@/server/services/billing/get-subscription";

/** GET /api/agencies/{id}/subscription: plan, status, usage and next invoice for the subscription page. */
export const GET = withAgencyAdmin<{ id: string }>(async (ctx, http) => {
  ownAgencyParam(ctx.actor, http.params.id);
  return getSubscription({ ctx });
});

import { ownAgencyParam } from "@/server/http/own-agency";
import { withAgencyAdmin } from "@/server/http/route";
import { createPortalSession } from "@/server/services/billing/create-portal-session";

/** POST /api/agencies/{id}/portal-session: a Stripe customer portal URL (agency admins). */
export const POST = withAgencyAdmin<{ id: string }>(async (ctx, http) => {
  ownAgencyParam(ctx.actor, http.params.id);
  return createPortalSession({ ctx });
});

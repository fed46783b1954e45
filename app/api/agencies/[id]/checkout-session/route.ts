import { checkoutSchema } from "@/lib/validation/billing";
import { parseJsonBody } from "@/server/http/body";
import { ownAgencyParam } from "@/server/http/own-agency";
import { withAgencyAdmin } from "@/server/http/route";
import { createCheckoutSession } from "@/server/services/billing/create-checkout-session";

/** POST /api/agencies/{id}/checkout-session: a Stripe Checkout URL for the chosen plan (agency admins). */
export const POST = withAgencyAdmin<{ id: string }>(async (ctx, http) => {
  ownAgencyParam(ctx.actor, http.params.id);
  return createCheckoutSession({ ctx, input: await parseJsonBody(http.req, checkoutSchema) });
});

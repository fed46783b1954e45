import { withPublic } from "@/server/http/route";
import { receiveStripeWebhook } from "@/server/services/billing/receive-stripe-webhook";

/** POST /api/webhooks/stripe: Stripe's events, verified by signature over the raw body. */
export const POST = withPublic(async (_ctx, { req }) =>
  receiveStripeWebhook({ input: { rawBody: await req.text(), signature: req.headers.get("stripe-signature") } }),
);

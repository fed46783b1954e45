import "server-only";
import { BILLING_MESSAGES } from "@/lib/validation/billing";
import { BadRequestError } from "../../errors";
import { verifyWebhook } from "../../integrations/stripe/client";
import { applyStripeEvent } from "./apply-stripe-event";
import { planCatalogue } from "./plan-catalogue";

/** A webhook delivery: verified against Stripe's signature over the raw body, then applied once. */
export async function receiveStripeWebhook({ input }: { input: { rawBody: string; signature: string | null } }) {
  let event;
  try {
    event = verifyWebhook(input.rawBody, input.signature);
  } catch {
    throw new BadRequestError(BILLING_MESSAGES.badSignature);
  }
  // The plan limits in the products' metadata, read (or taken from the cache) before the event's transaction: a
  // Stripe outage must not hold a row lock, nor lose the event (the configured limits apply then).
  if (event.type.startsWith("customer.subscription.") || event.type === "checkout.session.completed")
    await planCatalogue().catch(() => undefined);
  const outcome = await applyStripeEvent(event);
  return { received: true, outcome };
}

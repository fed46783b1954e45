import "server-only";
import { BILLING_MESSAGES } from "@/lib/validation/billing";
import { BadRequestError } from "../../errors";
import { verifyWebhook } from "../../integrations/stripe/client";
import { applyStripeEvent } from "./apply-stripe-event";

/** A webhook delivery: verified against Stripe's signature over the raw body, then applied once. */
export async function receiveStripeWebhook({ input }: { input: { rawBody: string; signature: string | null } }) {
  let event;
  try {
    event = verifyWebhook(input.rawBody, input.signature);
  } catch {
    throw new BadRequestError(BILLING_MESSAGES.badSignature);
  }
  const outcome = await applyStripeEvent(event);
  return { received: true, outcome };
}

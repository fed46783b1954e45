import type { Stripe } from "../../integrations/stripe/client";

type Status = "demo" | "full" | "suspended";

/**
 * Stripe's subscription statuses in ours (spec: demo, full, suspended). Paying or trialing is full; a payment
 * problem or an ended subscription suspends the agency, which keeps its data and reads it, but does not
 * generate or deliver until it pays. An unfinished first checkout leaves the agency where it was.
 */
export function statusOfSubscription(status: Stripe.Subscription.Status, deleted: boolean): Status | null {
  if (deleted) return "suspended";
  switch (status) {
    case "active":
    case "trialing":
      return "full";
    case "past_due":
    case "unpaid":
    case "canceled":
    case "incomplete_expired":
    case "paused":
      return "suspended";
    case "incomplete":
      return null;
  }
  return null;
}

/** The end of the paid period: on the subscription item in current API versions, on the subscription before. */
export function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const item = subscription.items?.data?.[0] as (Stripe.SubscriptionItem & { current_period_end?: number }) | undefined;
  const legacy = (subscription as unknown as { current_period_end?: number }).current_period_end;
  const seconds = item?.current_period_end ?? legacy;
  return typeof seconds === "number" ? new Date(seconds * 1000) : null;
}

export function lookupKeyOf(subscription: Stripe.Subscription): string | null {
  return subscription.items?.data?.[0]?.price?.lookup_key ?? null;
}

export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

import type { Stripe } from "../../integrations/stripe/client";

type Status = "demo" | "full" | "suspended";

/** What a subscription's Stripe status means here: our status, and whether a payment is being retried. */
export interface SubscriptionState {
  status: Status | null;
  pastDue: boolean;
}

/**
 * Stripe's subscription statuses in ours (spec: demo, full, suspended), as Stripe's dunning means them. Paying or
 * trialing is full. `past_due` is Stripe retrying a failed payment: the agency stays full (everything works) and is
 * marked past due. Suspension is Stripe giving up (`unpaid`, `canceled`, `incomplete_expired`, a deleted
 * subscription) or a subscription paused for want of a payment method: the agency keeps and reads its data but
 * generates and delivers nothing until it pays. An unfinished first checkout (`incomplete`) leaves it where it was.
 */
export function stateOfSubscription(status: Stripe.Subscription.Status, deleted: boolean): SubscriptionState {
  if (deleted) return { status: "suspended", pastDue: false };
  switch (status) {
    case "active":
    case "trialing":
      return { status: "full", pastDue: false };
    case "past_due":
      return { status: "full", pastDue: true };
    case "unpaid":
    case "canceled":
    case "incomplete_expired":
    case "paused":
      return { status: "suspended", pastDue: false };
    case "incomplete":
      return { status: null, pastDue: false };
  }
  return { status: null, pastDue: false };
}

/** The subscription an invoice bills: `invoice.parent.subscription_details` in current API versions, else top level. */
export function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  const parent = (invoice as unknown as { parent?: { subscription_details?: { subscription?: unknown } } }).parent;
  const legacy = (invoice as unknown as { subscription?: unknown }).subscription;
  return idOf((parent?.subscription_details?.subscription ?? legacy ?? null) as string | { id: string } | null);
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

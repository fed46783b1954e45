import { z } from "zod";
import { usageResponse } from "./clients";

// What the subscription routes answer; the subscription page's types are these (lib/api-client/types.ts).

const tier = z.enum(["basic", "pro", "business"]);
const kind = z.enum(["team", "personal"]);
const interval = z.enum(["day", "week", "month", "year"]);

/** A plan on sale, priced as Stripe charges it. */
export const planResponse = z.strictObject({
  tier,
  kind,
  name: z.string(),
  /** In the currency's minor unit (cents), per interval: Stripe's Price. */
  amount: z.number().int(),
  currency: z.string(),
  interval,
  intervalCount: z.number().int(),
  projectLimit: z.number().int(),
});

/** GET /subscriptions/all: the plans on sale (none without Stripe) and the demo's project limit. */
export const planListResponse = z.strictObject({
  defaultProjectLimit: z.number().int(),
  docs: z.array(planResponse),
});

/** GET /agencies/{id}/subscription: plan, status, usage against the limit, next invoice. */
export const subscriptionResponse = z.strictObject({
  configured: z.boolean(),
  status: z.enum(["demo", "full", "suspended"]),
  /** A payment failed and Stripe is retrying it: everything works; the admins are asked to fix the card. */
  pastDueSince: z.iso.datetime({ offset: true }).nullable(),
  plan: z
    .strictObject({
      tier,
      kind,
      name: z.string(),
      amount: z.number().int().nullable(),
      currency: z.string().nullable(),
      interval: interval.nullable(),
      intervalCount: z.number().int().nullable(),
    })
    .nullable(),
  usage: usageResponse,
  nextInvoiceAt: z.iso.datetime({ offset: true }).nullable(),
  hasBillingAccount: z.boolean(),
});

/** A Stripe Checkout or customer portal page to send the admin to. */
export const stripeUrlResponse = z.strictObject({ url: z.url() });

export const BILLING_RESPONSES = {
  "GET /api/subscriptions/all": planListResponse,
  "GET /api/agencies/{id}/subscription": subscriptionResponse,
  "POST /api/agencies/{id}/checkout-session": stripeUrlResponse,
  "POST /api/agencies/{id}/portal-session": stripeUrlResponse,
} satisfies Record<string, z.ZodType>;

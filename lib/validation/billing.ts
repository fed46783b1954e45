import { z } from "zod";
import { PLAN_KINDS, PLAN_TIERS } from "../constants/plans";

export const checkoutSchema = z.object({
  tier: z.enum(PLAN_TIERS as [string, ...string[]], { message: "Choose a plan: basic, pro or business" }),
  kind: z.enum(PLAN_KINDS as [string, ...string[]], { message: "Choose Team or Personal" }),
});
export type CheckoutBody = z.infer<typeof checkoutSchema>;

// The spec gives no wording for these: ours.
export const BILLING_MESSAGES = {
  notConfigured:
    "Subscriptions are not available on this server yet (no payment provider is configured). Your agency keeps its demo plan.",
  alreadySubscribed:
    "Your agency already has a subscription. Manage it in the billing portal; plan changes go through support.",
  noCustomer: "Your agency has no subscription yet. Choose a plan first.",
  priceMissing: "This plan cannot be bought right now. Please contact support.",
  suspended:
    "Your subscription is suspended: reports and deliveries resume once the payment is settled. Your data is kept.",
  badSignature: "Invalid Stripe signature",
  pricesUnavailable:
    "Plan prices cannot be read from the payment provider right now. Please try again in a few minutes.",
  pastDue:
    "Your last payment failed. Stripe will try the card again; update your payment method to keep your subscription. Everything keeps working meanwhile.",
} as const;

import { integer, pgTable, text, timestamp, index } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { planKind, planTier, subscriptionStatus } from "./enums";

export const agencies = pgTable(
  "agencies",
  {
    id: id(),
    name: text("name").notNull(),
    website: text("website"),
    phone: text("phone"),
    planTier: planTier("plan_tier").notNull().default("basic"),
    planKind: planKind("plan_kind").notNull().default("team"),
    subscriptionStatus: subscriptionStatus("subscription_status").notNull().default("demo"),
    projectLimit: integer("project_limit").notNull().default(5),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    /** End of the paid period (the next invoice), from the last subscription event applied. */
    subscriptionPeriodEnd: timestamp("subscription_period_end", { withTimezone: true }),
    /**
     * Since when the latest invoice is unpaid while Stripe retries the card (dunning): the agency keeps working and
     * its admins see a banner with the customer portal. Null once an invoice is paid. Suspension is Stripe giving up.
     */
    paymentPastDueAt: timestamp("payment_past_due_at", { withTimezone: true }),
    /** Creation time of the last subscription event applied: older events arriving late change nothing. */
    subscriptionEventAt: timestamp("subscription_event_at", { withTimezone: true }),
    /** Creation time of the last event applied to the payment state (past due or paid): older ones change nothing. */
    paymentEventAt: timestamp("payment_event_at", { withTimezone: true }),
    /** The terms of service the registering admin accepted (their version, from legal/terms.md) and when. */
    termsVersion: text("terms_version"),
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }),
    // Null until the owner follows the confirmation link; unconfirmed agencies cannot log in.
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("agencies_stripe_customer_idx").on(t.stripeCustomerId)],
);

export type Agency = typeof agencies.$inferSelect;

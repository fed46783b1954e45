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
    // Null until the owner follows the confirmation link; unconfirmed agencies cannot log in.
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("agencies_stripe_customer_idx").on(t.stripeCustomerId)],
);

export type Agency = typeof agencies.$inferSelect;

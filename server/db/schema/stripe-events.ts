import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Every Stripe webhook event applied, by its id: Stripe delivers at least once and may replay, so an event
 * whose id is here is acknowledged and not applied again.
 */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  /** When Stripe created the event: the order events are applied in, whatever order they arrive in. */
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
});

import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { agencies } from "./agencies";
import { id, timestamps } from "./columns";
import { planKind, planTier } from "./enums";
import { users } from "./users";

/**
 * A request an agency admin sent to the operator's support address (SUPPORT_EMAIL): a question, or a plan change
 * ("plan changes go through support"). Kept so the subscription page lists what was asked and whether it reached
 * support; the answer comes by email from the operator.
 */
export const supportRequests = pgTable(
  "support_requests",
  {
    id: id(),
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Who sent it, kept when the user is removed later. */
    senderEmail: text("sender_email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    /** The plan wanted, for a plan change. */
    planTier: planTier("plan_tier"),
    planKind: planKind("plan_kind"),
    /** queued (being emailed), sent (support has it), failed (the mail server refused it; see error). */
    status: text("status").$type<"queued" | "sent" | "failed">().notNull().default("queued"),
    error: text("error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("support_requests_agency_created_idx").on(t.agencyId, t.createdAt)],
);

export type SupportRequest = typeof supportRequests.$inferSelect;

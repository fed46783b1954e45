import { index, jsonb, pgTable, text, timestamp, uuid, integer } from "drizzle-orm/pg-core";
import { agencies } from "./agencies";
import { clientProjects } from "./clients";
import { id, timestamps } from "./columns";
import { scheduleDelivery, scheduleRunStatus } from "./enums";
import { deliveryProgress } from "./schedule-runs";
import { users } from "./users";

/**
 * A delivery asked for by hand ("Email" beside the export buttons): what to send, where, and how it
 * went. It follows the same life as a schedule run (queued → delivering → delivered or failed with
 * the reason) so the screens and the delivery job treat both alike.
 */
export const reportDeliveries = pgTable(
  "report_deliveries",
  {
    id: id(),
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => clientProjects.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    target: scheduleDelivery("target").notNull(),
    /** The target's settings: recipients, subject, message and attachment format for email. */
    options: jsonb("options").$type<Record<string, unknown>>().notNull(),
    /** What to send: a report, a tag or chosen insights (the export selection). */
    selection: jsonb("selection").$type<Record<string, unknown>>().notNull(),
    status: scheduleRunStatus("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    result: jsonb("result").$type<Record<string, unknown>>(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    ...deliveryProgress(),
    ...timestamps,
  },
  (t) => [index("report_deliveries_project_created_idx").on(t.agencyId, t.projectId, t.createdAt)],
);

export type ReportDelivery = typeof reportDeliveries.$inferSelect;

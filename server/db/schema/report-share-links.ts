import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { agencies } from "./agencies";
import { id } from "./columns";
import { reports } from "./reports";
import { users } from "./users";

/**
 * A read-only link to one report for someone without an account. Only a SHA-256 hash of the token
 * is stored, so the list can show and revoke links but never hand out a working one again.
 */
export const reportShareLinks = pgTable(
  "report_share_links",
  {
    id: id(),
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    reportId: uuid("report_id")
      .notNull()
      .references(() => reports.id, { onDelete: "cascade" }),
    createdById: uuid("created_by_id").references(() => users.id, { onDelete: "set null" }),
    tokenHash: text("token_hash").notNull().unique("report_share_links_token_hash_unique"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    openCount: integer("open_count").notNull().default(0),
    lastOpenedAt: timestamp("last_opened_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Who it was made for, when not by hand on the report page: "Emailed to sam@client.com". */
    label: text("label"),
    /** The email delivery it was made for, once however often that delivery is retried. */
    deliveryKey: text("delivery_key").unique("report_share_links_delivery_key_unique"),
  },
  (t) => [index("report_share_links_report_idx").on(t.reportId, t.createdAt)],
);

export type ReportShareLink = typeof reportShareLinks.$inferSelect;

import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { agencies } from "./agencies";
import { id } from "./columns";
import { users } from "./users";

/**
 * A named bearer token an agency admin made for the API (their dashboards, automations): separate from browser
 * sessions (logout and password changes do not end it; revoking it does). Only its SHA-256 is stored: the token is
 * shown once. It calls as the admin who made it, within their agency, while they are an admin.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: id(),
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique("api_tokens_hash_unique"),
    /** The token's first characters, so a list can tell tokens apart without holding them. */
    prefix: text("prefix").notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("api_tokens_agency_created_idx").on(t.agencyId, t.createdAt)],
);

export type ApiToken = typeof apiTokens.$inferSelect;

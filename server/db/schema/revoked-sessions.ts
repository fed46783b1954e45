import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Sessions ended by logout before their token expired. A token names its session (`sid`); a row here
 * refuses it everywhere. Rows are useless once the token would have expired anyway and are swept then.
 */
export const revokedSessions = pgTable(
  "revoked_sessions",
  {
    sessionId: text("session_id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("revoked_sessions_expires_at_idx").on(table.expiresAt)],
);

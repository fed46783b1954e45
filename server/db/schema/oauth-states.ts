import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { id } from "./columns";
import { users } from "./users";

/**
 * An OAuth authorization in progress: the PKCE code verifier (encrypted) and where to go back to,
 * found by the hash of the `state` sent to the provider. It belongs to the user who started it and
 * lives a few minutes; the callback consumes it once, so a replayed or foreign state finds nothing.
 */
export const oauthStates = pgTable(
  "oauth_states",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    stateHash: text("state_hash").notNull().unique("oauth_states_state_hash_unique"),
    codeVerifierEncrypted: text("code_verifier_encrypted").notNull(),
    redirectUri: text("redirect_uri").notNull(),
    returnPath: text("return_path").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("oauth_states_expires_at_idx").on(t.expiresAt)],
);

export type OauthState = typeof oauthStates.$inferSelect;

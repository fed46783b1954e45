import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { agencies } from "./agencies";
import { citext, id } from "./columns";
import { userRole, userTokenKind } from "./enums";
import { users } from "./users";

// Only a SHA-256 hash of each token is stored: a database leak does not hand out working links.

export const userTokens = pgTable(
  "user_tokens",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: userTokenKind("kind").notNull(),
    tokenHash: text("token_hash").notNull().unique("user_tokens_hash_unique"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("user_tokens_user_kind_idx").on(t.userId, t.kind)],
);

export const invitations = pgTable(
  "invitations",
  {
    id: id(),
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    email: citext("email").notNull(),
    role: userRole("role").notNull().default("staff"),
    invitedById: uuid("invited_by_id").references(() => users.id, { onDelete: "set null" }),
    tokenHash: text("token_hash").notNull().unique("invitations_hash_unique"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("invitations_agency_created_idx").on(t.agencyId, t.createdAt),
    index("invitations_email_idx").on(t.email),
  ],
);

export type Invitation = typeof invitations.$inferSelect;

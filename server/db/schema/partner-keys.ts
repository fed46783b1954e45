import { pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { agencies } from "./agencies";
import { timestamps } from "./columns";
import { users } from "./users";

/**
 * An agency's own API key for a partner (Semrush, Similarweb), AES-GCM encrypted like the OAuth
 * tokens; only its last 4 characters are ever shown again. Saved only after one live call accepted
 * it; the answer of that check is kept to show ("Semrush accepted the key; 3,000 units left").
 */
export const agencyPartnerKeys = pgTable(
  "agency_partner_keys",
  {
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    provider: text("provider").$type<"semrush" | "similarweb">().notNull(),
    keyEncrypted: text("key_encrypted").notNull(),
    keyLast4: text("key_last4").notNull(),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull(),
    checkMessage: text("check_message").notNull(),
    updatedById: uuid("updated_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.provider] })],
);
export type AgencyPartnerKey = typeof agencyPartnerKeys.$inferSelect;

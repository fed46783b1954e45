import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { CsvMapping } from "@/lib/validation/csv-mapping";
import { agencies } from "./agencies";
import { clientProjects } from "./clients";
import { id, timestamps } from "./columns";
import { activeStatus, dataGrain, dataSourceKind } from "./enums";
import { users } from "./users";

/** An OAuth connection a user made to a third party (Dropbox, Google, ...). Tokens are AES-GCM encrypted. */
export const thirdPartySessions = pgTable(
  "third_party_sessions",
  {
    id: id(),
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    accessTokenEncrypted: text("access_token_encrypted").notNull(),
    refreshTokenEncrypted: text("refresh_token_encrypted"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    additionalInfo: jsonb("additional_info").$type<Record<string, unknown>>().notNull().default({}),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("third_party_sessions_user_type_idx").on(t.userId, t.type)],
);

export const dataSources = pgTable(
  "data_sources",
  {
    id: id(),
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => clientProjects.id, { onDelete: "cascade" }),
    sourceName: text("source_name").notNull(),
    // What the user calls it (e.g. "Shopify export"); the list falls back to the source name.
    name: text("name"),
    kind: dataSourceKind("kind").notNull(),
    // Google sub-types: analytic, analytic-4, ads, searchconsole, console.
    subType: text("sub_type"),
    // The spec's per-type JSON block (analyticAccount, analyticSite, competitors, adsAccount, ...).
    additional: jsonb("additional").$type<Record<string, unknown>>().notNull().default({}),
    // An upload source's column mapping, remembered from its last successful import so the next
    // file of the same export needs no choices (lib/validation/csv-mapping.ts).
    csvMapping: jsonb("csv_mapping").$type<CsvMapping>(),
    // What one of the source's observation rows covers (a day, a week or a month): each row's `date` is the first
    // day of its period. Set by the source's first import (an upload of a weekly export makes a weekly source) and
    // kept: a file of another grain is refused (docs/decisions/0019-data-grain.md).
    grain: dataGrain("grain").notNull().default("day"),
    status: activeStatus("status").notNull().default("active"),
    thirdPartySessionId: uuid("third_party_session_id").references(() => thirdPartySessions.id, {
      onDelete: "set null",
    }),
    createdById: uuid("created_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("data_sources_project_created_idx").on(t.projectId, t.createdAt)],
);

export type DataSource = typeof dataSources.$inferSelect;
export type ThirdPartySession = typeof thirdPartySessions.$inferSelect;

import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { agencies } from "./agencies";
import { id, timestamps } from "./columns";
import { activeStatus, siteType } from "./enums";
import { users } from "./users";

export const clients = pgTable(
  "clients",
  {
    id: id(),
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    website: text("website"),
    industry: text("industry"),
    country: text("country"),
    status: activeStatus("status").notNull().default("active"),
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [index("clients_agency_created_idx").on(t.agencyId, t.createdAt)],
);

/** A client shared with a staff member at permission 4 (Client Admin), 2 (Data Creator) or 1 (Viewer). */
export const clientStaff = pgTable(
  "client_staff",
  {
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    permission: smallint("permission").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.userId] }),
    index("client_staff_user_idx").on(t.userId),
    check("client_staff_permission_check", sql`${t.permission} in (1, 2, 4)`),
  ],
);

export const clientProjects = pgTable(
  "client_projects",
  {
    id: id(),
    // Denormalised from the client so every tenancy filter is one indexed column.
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    siteType: siteType("site_type").notNull(),
    url: text("url"),
    currency: text("currency").notNull().default("USD"),
    timeZone: text("time_zone").notNull().default("UTC"),
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
    status: activeStatus("status").notNull().default("active"),
    ...timestamps,
  },
  (t) => [
    index("client_projects_client_created_idx").on(t.clientId, t.createdAt),
    index("client_projects_agency_status_idx").on(t.agencyId, t.status),
  ],
);

export type Client = typeof clients.$inferSelect;
export type ClientProject = typeof clientProjects.$inferSelect;

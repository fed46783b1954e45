import { boolean, index, jsonb, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { agencies } from "./agencies";
import { clientProjects } from "./clients";
import { id, timestamps } from "./columns";
import { thirdPartySessions } from "./data-sources";
import { activeStatus, scheduleDelivery, scheduleFrequency, scheduleMonthDay } from "./enums";
import { insights } from "./reports";
import { users } from "./users";

export const schedules = pgTable(
  "schedules",
  {
    id: id(),
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => clientProjects.id, { onDelete: "cascade" }),
    // Null schedules deliver the whole master report; otherwise one insight.
    insightId: uuid("insight_id").references(() => insights.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    delivery: scheduleDelivery("delivery").notNull(),
    frequency: scheduleFrequency("frequency").notNull(),
    weekday: smallint("weekday"),
    monthDay: scheduleMonthDay("month_day"),
    month: smallint("month"),
    // Local time of day ("HH:MM") in the project's time zone.
    timeOfDay: text("time_of_day").notNull().default("09:00"),
    recipients: text("recipients").array().notNull().default([]),
    dropboxPath: text("dropbox_path"),
    thirdPartySessionId: uuid("third_party_session_id").references(() => thirdPartySessions.id, {
      onDelete: "set null",
    }),
    options: jsonb("options").$type<Record<string, unknown>>().notNull().default({}),
    isActive: boolean("is_active").notNull().default(true),
    /** Why it was paused when the product paused it (not its owner): "schedule_permission" when the owner lost it. */
    pausedReason: text("paused_reason"),
    nextRunAt: timestamp("next_run_at", { withTimezone: true }),
    lastRunAt: timestamp("last_run_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("schedules_user_created_idx").on(t.userId, t.createdAt),
    index("schedules_due_idx").on(t.isActive, t.nextRunAt),
  ],
);

export const urlSplitTests = pgTable(
  "url_split_tests",
  {
    id: id(),
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    projectId: uuid("project_id").references(() => clientProjects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    urls: text("urls").array().notNull().default([]),
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
    status: activeStatus("status").notNull().default("active"),
    createdById: uuid("created_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("url_split_tests_agency_created_idx").on(t.agencyId, t.createdAt)],
);

export type Schedule = typeof schedules.$inferSelect;

import { sql } from "drizzle-orm";
import {
  date,
  index,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { Finding } from "@/lib/insights/finding";
import { agencies } from "./agencies";
import { clientProjects } from "./clients";
import { id } from "./columns";
import { dataSources } from "./data-sources";
import { insights, reports } from "./reports";
import { users } from "./users";

// Alerts (README "Alerts"): after a daily sync the engine looks at a project's latest complete days
// (server/services/alerts/check-project-alerts.ts); each change it reports there is one `project_alerts` row, unique
// on the change's identity so a re-run (a retried job, a worker restart) never alerts twice; each follower gets one
// `alert_notifications` row (the bell's list, read or unread) and at most one email digest a day (`alert_digests`).

/** What a person wants to hear about one project: nothing, its significant changes, or every finding. */
export const alertLevel = pgEnum("alert_level", ["off", "significant", "all"]);
/** A change of the primary KPI or of ad spend, another finding of the latest days, or a source that stopped. */
export const alertKind = pgEnum("alert_kind", ["kpi_change", "spend_change", "finding", "source_stopped"]);

/** One person's choice per project; no row: the default (significant changes). */
export const alertPreferences = pgTable(
  "alert_preferences",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => clientProjects.id, { onDelete: "cascade" }),
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    level: alertLevel("level").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] }), index("alert_preferences_project_idx").on(t.projectId)],
);

export const projectAlerts = pgTable(
  "project_alerts",
  {
    id: id(),
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => clientProjects.id, { onDelete: "cascade" }),
    kind: alertKind("kind").notNull(),
    /**
     * The change's identity (kind, metric, segment, direction, first day; a stopped source and its last day): the
     * unique key that makes an alert at most once per change.
     */
    changeKey: text("change_key").notNull(),
    metric: text("metric"),
    dimension: text("dimension"),
    dimensionValue: text("dimension_value"),
    direction: text("direction").$type<"up" | "down">(),
    /** The day the change began (a stopped source: its last day with data). */
    date: date("date").notNull(),
    /** The narrator's sentence for the finding (or the stopped source's), shown in the bell and the email. */
    headline: text("headline").notNull(),
    /** The finding as the report stores it (lib/insights/finding.ts), significance included; null for a source. */
    finding: jsonb("finding").$type<Finding | null>(),
    /** The report the check saved, where the finding is read in full (its insight); null for a source. */
    reportId: uuid("report_id").references(() => reports.id, { onDelete: "set null" }),
    insightId: uuid("insight_id").references(() => insights.id, { onDelete: "set null" }),
    dataSourceId: uuid("data_source_id").references(() => dataSources.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("project_alerts_change_unique").on(t.projectId, t.changeKey),
    index("project_alerts_project_created_idx").on(t.projectId, t.createdAt),
  ],
);

export const alertNotifications = pgTable(
  "alert_notifications",
  {
    id: id(),
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    alertId: uuid("alert_id")
      .notNull()
      .references(() => projectAlerts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** When it went out in the person's digest; null: waiting for the next one. */
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("alert_notifications_alert_user_unique").on(t.alertId, t.userId),
    index("alert_notifications_user_created_idx").on(t.userId, t.createdAt),
    index("alert_notifications_unemailed_idx")
      .on(t.userId)
      .where(sql`${t.emailedAt} is null`),
  ],
);

/** One digest email per person per UTC day, at most: the row is written before the email is sent. */
export const alertDigests = pgTable(
  "alert_digests",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export type ProjectAlert = typeof projectAlerts.$inferSelect;
export type AlertLevel = (typeof alertLevel.enumValues)[number];

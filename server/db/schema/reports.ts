import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { agencies } from "./agencies";
import { clientProjects } from "./clients";
import { id, timestamps } from "./columns";
import { compareTo, funnelStage, insightGroup, reportKind, reportStatus } from "./enums";
import { users } from "./users";
import type { Finding, InsightNarration, InsightOutcome } from "@/lib/insights/finding";

export const reports = pgTable(
  "reports",
  {
    id: id(),
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => clientProjects.id, { onDelete: "cascade" }),
    name: text("name"),
    /** An ordinary report, or an alert check's run that no list shows (server/services/reports/listed-reports.ts). */
    kind: reportKind("kind").notNull().default("report"),
    status: reportStatus("status").notNull().default("queued"),
    progress: integer("progress").notNull().default(0),
    periodStart: date("period_start").notNull(),
    periodEnd: date("period_end").notNull(),
    compareTo: compareTo("compare_to").notNull().default("previous_period"),
    error: text("error"),
    /**
     * Days the engine read as unknown (tracking gaps, a partial last day) and estimated in the period totals; the
     * headline figures estimate the same days. null: generated before they were kept (nothing estimated).
     */
    excludedDays: date("excluded_days").array(),
    /**
     * The same days by the source whose data they are (source id → days, oldest first): a source's figures estimate
     * its own unknown days only, as its insights did. null: generated before they were kept per source (every
     * source's figures estimate `excludedDays`).
     */
    excludedDaysBySource: jsonb("excluded_days_by_source").$type<Record<string, string[]>>(),
    /**
     * The report-wide significance bar (engine/multiplicity.ts: the largest p-value Benjamini-Hochberg kept, 0 when
     * none): the headline figures' changes are judged against it, as the insights are. null: generated before it was
     * kept (judged at 95 % each).
     */
    pThreshold: doublePrecision("p_threshold"),
    createdById: uuid("created_by_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * A person asked for this report (POST /reports/add), so they are told when it is ready unless they were watching
     * it (server/services/reports/report-ready-notice.ts); scheduled and demo reports are nobody's request.
     */
    notifyRequester: boolean("notify_requester").notNull().default(false),
    /** Until when the requester's report page is watching it (each long-poll pushes it on); null: never watched. */
    watchedUntil: timestamp("watched_until", { withTimezone: true }),
    /** When the report-ready email went to the requester: it goes once. */
    readyNoticeSentAt: timestamp("ready_notice_sent_at", { withTimezone: true }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /**
     * The version of what a read of this report shows (the report, its KPIs, insights and exports): database
     * triggers raise it when the report, its insights, their tags or saves, its project, its sources or its look
     * change (drizzle/0041_report_read_version_triggers.sql); the reads' ETag is made from it
     * (server/http/read-cache.ts).
     */
    readVersion: bigint("read_version", { mode: "number" }).notNull().default(1),
    /** When `readVersion` last rose: how long the version has held sets how long a copy may be reused. */
    readChangedAt: timestamp("read_changed_at", { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [index("reports_project_created_idx").on(t.projectId, t.createdAt)],
);

export const insights = pgTable(
  "insights",
  {
    id: id(),
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => clientProjects.id, { onDelete: "cascade" }),
    reportId: uuid("report_id")
      .notNull()
      .references(() => reports.id, { onDelete: "cascade" }),
    intentionKey: text("intention_key").notNull(),
    group: insightGroup("group").notNull(),
    funnelStage: funnelStage("funnel_stage").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    impact: doublePrecision("impact").notNull().default(0),
    /**
     * The change in the primary KPI the insight is ranked by, in the KPI's unit (-1.4 deals won, -9,037 revenue),
     * where that is an estimate to quote (impact.ts, statedKpiEffect); null otherwise (a cost, a ranking weight).
     */
    kpiEffect: doublePrecision("kpi_effect"),
    kpiMetric: text("kpi_metric"),
    rank: integer("rank").notNull().default(0),
    isWaitForGenerating: boolean("is_wait_for_generating").notNull().default(false),
    /** The insight's findings: lib/insights/finding.ts `Finding` (the one contract of engine, API, UI and exports). */
    findings: jsonb("findings").$type<Finding[]>().notNull().default([]),
    chart: jsonb("chart").$type<Record<string, unknown> | null>(),
    /**
     * What the narrator wrote when the report was generated (lib/insights/narrate): headline, sentences, why, next
     * step, effect and how it was tested; shown as stored. null: none (no findings, or generated before it was kept).
     */
    narration: jsonb("narration").$type<InsightNarration | null>(),
    /** Whether the intention found something, found nothing notable, or could not run (and why), as data. */
    outcome: jsonb("outcome").$type<InsightOutcome>().notNull().default({ status: "nothing_notable" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("insights_report_rank_idx").on(t.reportId, t.rank), index("insights_project_idx").on(t.projectId)],
);

/** A named collection of insights (a custom report). */
export const insightTags = pgTable(
  "insight_tags",
  {
    id: id(),
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => clientProjects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdById: uuid("created_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [uniqueIndex("insight_tags_project_name_unique").on(t.projectId, sql`lower(${t.name})`)],
);

export const insightTagItems = pgTable(
  "insight_tag_items",
  {
    tagId: uuid("tag_id")
      .notNull()
      .references(() => insightTags.id, { onDelete: "cascade" }),
    insightId: uuid("insight_id")
      .notNull()
      .references(() => insights.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.insightId] }), index("insight_tag_items_insight_idx").on(t.insightId)],
);

export const savedInsights = pgTable(
  "saved_insights",
  {
    id: id(),
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => clientProjects.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    insightId: uuid("insight_id")
      .notNull()
      .references(() => insights.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("saved_insights_user_insight_unique").on(t.userId, t.insightId),
    index("saved_insights_project_user_idx").on(t.projectId, t.userId, t.createdAt),
  ],
);

export type Report = typeof reports.$inferSelect;
export type Insight = typeof insights.$inferSelect;

/**
 * The insight groups a user dismissed from their view of one report (only groups with dismissPopUp: Other
 * Insights). The user's own choice: others reading the report still see the group, and it can be brought back.
 */
export const reportGroupDismissals = pgTable(
  "report_group_dismissals",
  {
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    reportId: uuid("report_id")
      .notNull()
      .references(() => reports.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    group: insightGroup("group").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The report's index serves the cascade when a report is deleted; the key serves the reader's lookup.
  (t) => [
    primaryKey({ columns: [t.userId, t.reportId, t.group] }),
    index("report_group_dismissals_report_idx").on(t.reportId),
  ],
);

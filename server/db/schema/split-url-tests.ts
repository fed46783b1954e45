import { date, doublePrecision, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { agencies } from "./agencies";
import { clientProjects } from "./clients";
import { id, timestamps } from "./columns";
import { users } from "./users";

/**
 * A URL split test (spec: "Split URL test"; /api/urlsplitters): two landing pages of a project, or
 * two variants of one URL, compared over a period. Only the question is stored; the answer is
 * computed from the observation store each time it is read (the store may still be filling in),
 * and frozen only when it is added to a report as an insight.
 */
export const splitUrlTests = pgTable(
  "split_url_tests",
  {
    id: id(),
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => clientProjects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The landing page values as the store holds them (paths, query included): A is the control. */
    urlA: text("url_a").notNull(),
    urlB: text("url_b").notNull(),
    periodStart: date("period_start").notNull(),
    periodEnd: date("period_end").notNull(),
    /** sessions, engagementRate, conversionRate or revenuePerSession: the metric the verdict is about. */
    primaryMetric: text("primary_metric").notNull().default("conversionRate"),
    /** The smallest relative change worth detecting (0.1 = 10%). */
    minimumDetectableEffect: doublePrecision("minimum_detectable_effect").notNull().default(0.1),
    confidence: doublePrecision("confidence").notNull().default(0.95),
    createdById: uuid("created_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("split_url_tests_project_idx").on(t.projectId, t.createdAt)],
);

export type SplitUrlTest = typeof splitUrlTests.$inferSelect;

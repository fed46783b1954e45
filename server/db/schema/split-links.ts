import { date, index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { agencies } from "./agencies";
import { clientProjects } from "./clients";
import { id, timestamps } from "./columns";
import { users } from "./users";

/** One page variant of a split link: its key (a, b, c, d), the page, and its share of new visitors. */
export interface SplitLinkVariant {
  key: string;
  url: string;
  weight: number;
}

/**
 * A URL splitter (spec: urlsplitters): one public link (`/s/{slug}`) an agency puts in a campaign, which sends each
 * visitor to one of the test's page variants by their weights, sticky per visitor, with UTM parameters naming the
 * test and the variant. Beside the split test of two pages' existing data (split_url_tests).
 */
export const splitLinks = pgTable(
  "split_links",
  {
    id: id(),
    agencyId: uuid("agency_id")
      .notNull()
      .references(() => agencies.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => clientProjects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The public link's last part, unique across the app: /s/{slug}. Also the utm_campaign's first part. */
    slug: text("slug").notNull().unique("split_links_slug_unique"),
    /** running (splits and counts), paused (everyone to the control, nothing counted; resumable), stopped (final). */
    status: text("status").$type<"running" | "paused" | "stopped">().notNull().default("running"),
    variants: jsonb("variants").$type<SplitLinkVariant[]>().notNull(),
    primaryMetric: text("primary_metric").notNull().default("conversionRate"),
    /** The smallest relative change worth detecting, in percent (10 = 10%). */
    minimumDetectablePct: integer("minimum_detectable_pct").notNull().default(10),
    createdById: uuid("created_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("split_links_project_idx").on(t.projectId, t.createdAt)],
);

/** Visitors sent through a split link, per variant and day (UTC): new assignments, and every visit. */
export const splitLinkCounts = pgTable(
  "split_link_counts",
  {
    linkId: uuid("link_id")
      .notNull()
      .references(() => splitLinks.id, { onDelete: "cascade" }),
    variantKey: text("variant_key").notNull(),
    date: date("date").notNull(),
    assignments: integer("assignments").notNull().default(0),
    visits: integer("visits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.variantKey, t.date] })],
);

export type SplitLink = typeof splitLinks.$inferSelect;

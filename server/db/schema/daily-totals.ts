import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { dataSources } from "./data-sources";

/**
 * A per-source, per-day rollup of `observations` (the sum over a (source, day)'s rows: its total
 * for every additive metric, since all rows of a (source, day) share one grain). Reports read
 * their daily series and baselines from here — hundreds of rows instead of millions — and only
 * the per-dimension breakdown of the two compared periods from `observations`
 * (docs/decisions/0005-report-pipeline.md).
 *
 * `users` is kept only for a day made of a single row (that row is the whole day); it is never
 * summed. Rows are derived data: `daily_totals_state` records which version of the source
 * (`data_sources.updated_at`, bumped by every import) they were built from.
 */
export const observationDailyTotals = pgTable(
  "observation_daily_totals",
  {
    // No per-row foreign key (it checked the source once per row, 40 % of an import's rollup writing): the rows go
    // with their source through the `observations_cascade` trigger (migration 0024), and every writer upserts
    // `daily_totals_state` in the same transaction, whose foreign key holds the source until it commits.
    dataSourceId: uuid("data_source_id").notNull(),
    projectId: uuid("project_id").notNull(),
    date: date("date").notNull(),
    rows: integer("rows").notNull(),
    sessions: doublePrecision("sessions"),
    users: doublePrecision("users"),
    newUsers: doublePrecision("new_users"),
    engagedSessions: doublePrecision("engaged_sessions"),
    pageviews: doublePrecision("pageviews"),
    conversions: doublePrecision("conversions"),
    leads: doublePrecision("leads"),
    transactions: doublePrecision("transactions"),
    revenue: doublePrecision("revenue"),
    impressions: doublePrecision("impressions"),
    clicks: doublePrecision("clicks"),
    cost: doublePrecision("cost"),
    positionWeighted: doublePrecision("position_weighted"),
    // Premium sources (docs/decisions/0014-crm-and-ecommerce-sources.md): the CRM's deals and the
    // ecommerce platform's orders, in their own columns so they never add into analytics' figures.
    dealsCreated: doublePrecision("deals_created"),
    dealsWon: doublePrecision("deals_won"),
    wonValue: doublePrecision("won_value"),
    orders: doublePrecision("orders"),
    orderRevenue: doublePrecision("order_revenue"),
    productsSold: doublePrecision("products_sold"),
    newCustomerOrders: doublePrecision("new_customer_orders"),
    returningCustomerOrders: doublePrecision("returning_customer_orders"),
  },
  (t) => [primaryKey({ columns: [t.dataSourceId, t.date] })],
);

/** Which version of a source its daily totals were built from (null rows: never built). */
export const dailyTotalsState = pgTable("daily_totals_state", {
  dataSourceId: uuid("data_source_id")
    .primaryKey()
    .references(() => dataSources.id, { onDelete: "cascade" }),
  sourceVersion: timestamp("source_version", { withTimezone: true }).notNull(),
  days: integer("days").notNull(),
  observations: bigint("observations", { mode: "number" }).notNull(),
  refreshedAt: timestamp("refreshed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The additive metric columns of the segment rollups, one definition for the daily, weekly and
 * four-weekly tables (`users` is not additive and not kept); the premium sources' columns as in the daily totals.
 */
function segmentMetricColumns() {
  return {
    sessions: doublePrecision("sessions"),
    newUsers: doublePrecision("new_users"),
    engagedSessions: doublePrecision("engaged_sessions"),
    pageviews: doublePrecision("pageviews"),
    conversions: doublePrecision("conversions"),
    leads: doublePrecision("leads"),
    transactions: doublePrecision("transactions"),
    revenue: doublePrecision("revenue"),
    impressions: doublePrecision("impressions"),
    clicks: doublePrecision("clicks"),
    cost: doublePrecision("cost"),
    positionWeighted: doublePrecision("position_weighted"),
    // Premium sources' columns, as in the daily totals.
    dealsCreated: doublePrecision("deals_created"),
    dealsWon: doublePrecision("deals_won"),
    wonValue: doublePrecision("won_value"),
    orders: doublePrecision("orders"),
    orderRevenue: doublePrecision("order_revenue"),
    productsSold: doublePrecision("products_sold"),
    newCustomerOrders: doublePrecision("new_customer_orders"),
    returningCustomerOrders: doublePrecision("returning_customer_orders"),
  };
}

/**
 * A per-source, per-dimension-value, per-day rollup of `observations`: for every dimension column
 * of `dimension_sets` and every non-NULL value of it, the day's sum over the source's rows with
 * that value, and how many rows they were. Reports read their per-value period totals and the
 * watched segments' daily series from here (load-project-data.ts, load-segment-daily.ts) instead
 * of joining millions of observations to the dimension dictionary. Rows with a NULL value (the
 * dimension is not in the row's grain) are not stored: `rows` against the day's
 * `observation_daily_totals.rows` tells whether a dimension covers all of a source's rows.
 * Built together with the daily totals, from the same source version (`daily_totals_state`).
 * `users` is not additive and not kept.
 */
export const observationSegmentDaily = pgTable(
  "observation_segment_daily",
  {
    // No per-row foreign key (it checked the source once per row, 40 % of an import's rollup writing): the rows go
    // with their source through the `observations_cascade` trigger (migration 0024), and every writer upserts
    // `daily_totals_state` in the same transaction, whose foreign key holds the source until it commits.
    dataSourceId: uuid("data_source_id").notNull(),
    /** The `dimension_sets` column (`channel`, `landing_page`, ...). */
    dimension: text("dimension").notNull(),
    value: text("value").notNull(),
    date: date("date").notNull(),
    rows: integer("rows").notNull(),
    ...segmentMetricColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.dataSourceId, t.dimension, t.value, t.date] }),
    index("observation_segment_daily_source_date").on(t.dataSourceId, t.date),
  ],
);

/**
 * The segment rollup summed per ISO week (`week` is its Monday): a report's period is read as its
 * whole weeks from here and its few edge days from `observation_segment_daily`, a seventh of the
 * rows. Derived from `observation_segment_daily`, rebuilt and merged with it.
 */
export const observationSegmentWeekly = pgTable(
  "observation_segment_weekly",
  {
    // No per-row foreign key (it checked the source once per row, 40 % of an import's rollup writing): the rows go
    // with their source through the `observations_cascade` trigger (migration 0024), and every writer upserts
    // `daily_totals_state` in the same transaction, whose foreign key holds the source until it commits.
    dataSourceId: uuid("data_source_id").notNull(),
    dimension: text("dimension").notNull(),
    value: text("value").notNull(),
    week: date("week").notNull(),
    rows: integer("rows").notNull(),
    ...segmentMetricColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.dataSourceId, t.dimension, t.value, t.week] }),
    index("observation_segment_weekly_source_week").on(t.dataSourceId, t.week),
  ],
);

/**
 * The segment rollup summed per four ISO weeks (`block` is the first Monday of a 28-day block; blocks are counted
 * from Monday 2000-01-03): a long period is read as its whole blocks from here, the weeks around them from
 * `observation_segment_weekly` and the edge days from `observation_segment_daily`. A 365-day report of a Search
 * Console source (5,000 queries and pages a week) then sums about 115,000 rows per period instead of 295,000.
 * Derived from `observation_segment_weekly`, rebuilt and merged with it.
 */
export const observationSegmentFourWeekly = pgTable(
  "observation_segment_four_weekly",
  {
    // No per-row foreign key (it checked the source once per row, 40 % of an import's rollup writing): the rows go
    // with their source through the `observations_cascade` trigger (migration 0024), and every writer upserts
    // `daily_totals_state` in the same transaction, whose foreign key holds the source until it commits.
    dataSourceId: uuid("data_source_id").notNull(),
    dimension: text("dimension").notNull(),
    value: text("value").notNull(),
    block: date("block").notNull(),
    rows: integer("rows").notNull(),
    ...segmentMetricColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.dataSourceId, t.dimension, t.value, t.block] }),
    index("observation_segment_four_weekly_source_block").on(t.dataSourceId, t.block),
  ],
);

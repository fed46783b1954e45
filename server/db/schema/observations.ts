import { bigint, date, doublePrecision, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { clientProjects } from "./clients";

/**
 * The dimension dictionary: one row per distinct combination of dimension values seen in a
 * project, shared by all its data sources. Observations point at it by a small bigint instead of
 * repeating ten text columns on every row (docs/decisions/0004-observation-storage.md).
 *
 * A column is NULL when the dimension is not part of the combination (the row's grain): a row with
 * only `channel` set is "this channel, all devices, all countries, ...". A present dimension with
 * an empty value is stored as "(not set)". Values are kept as given (trimmed, Unicode NFC), case
 * included, so the audit can find case-variant UTM values ("Facebook" and "facebook").
 *
 * `key` is the md5 of the normalised values in a fixed order, NULLs marked: unique per project, it
 * lets an upload find or create its combinations with one join instead of comparing ten columns.
 */
export const dimensionSets = pgTable(
  "dimension_sets",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => clientProjects.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    channel: text("channel"),
    source: text("source"),
    medium: text("medium"),
    campaign: text("campaign"),
    device: text("device"),
    country: text("country"),
    landingPage: text("landing_page"),
    page: text("page"),
    query: text("query"),
    keyword: text("keyword"),
  },
  (t) => [uniqueIndex("dimension_sets_project_key_unique").on(t.projectId, t.key)],
);

/**
 * One row per data source, day and dimension combination, with one nullable column per metric
 * (NULL: the source did not give that metric; 0 is a real zero).
 *
 * Only additive parts are stored. Rates and averages are never stored: they are recomputed from
 * their numerator and denominator after summing (conversion rate = sum(conversions) /
 * sum(sessions); average position = sum(position_weighted) / sum(impressions), which is why the
 * position is stored multiplied by its impressions).
 *
 * `users` is NOT additive: a person who visits through two channels, or on two days, counts once
 * in each row. It must never be summed across dimension values or days; read it only at the grain
 * it was given (the exact dimension combination and day of the row). Sums of every other metric
 * across rows of one grain are valid.
 */
export const observations = pgTable(
  "observations",
  {
    // No per-row foreign keys here, on purpose: for a bulk load they cost more than the load itself
    // (two RI checks per row, 70% of the insert time at 300,000 rows). Deleting a data source
    // drops its partition through the statement-level trigger `observations_cascade` (migration 0018),
    // and rows are only ever written by the importer from a join with `dimension_sets`.
    dataSourceId: uuid("data_source_id").notNull(),
    // Denormalised from the data source (a row names its project without a join).
    projectId: uuid("project_id").notNull(),
    date: date("date").notNull(),
    dimensionSetId: bigint("dimension_set_id", { mode: "number" }).notNull(),
    sessions: doublePrecision("sessions"),
    /** Not additive across rows: never sum over dimension values or days (see above). */
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
    /** position × impressions: average position = sum(position_weighted) / sum(impressions). */
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
  // Partitioned by data source (migration 0018, observation-partitions.ts): the primary key is the only index. A
  // project's rows are read by naming its sources (`data_source_id = any($1::uuid[])`, a key range per source),
  // which also reads only their partitions.
  (t) => [primaryKey({ columns: [t.dataSourceId, t.date, t.dimensionSetId] })],
);

export type DimensionSet = typeof dimensionSets.$inferSelect;
export type Observation = typeof observations.$inferSelect;

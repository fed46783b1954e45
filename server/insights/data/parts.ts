import type { Dimension } from "@/lib/insights/metrics";

// The stored, additive parts of every metric (server/db/schema/observations.ts), in one fixed
// order so a day or a segment is one small array instead of an object per row.
export const PARTS = [
  { key: "sessions", column: "sessions" },
  { key: "users", column: "users" },
  { key: "newUsers", column: "new_users" },
  { key: "engagedSessions", column: "engaged_sessions" },
  { key: "pageviews", column: "pageviews" },
  { key: "conversions", column: "conversions" },
  { key: "leads", column: "leads" },
  { key: "transactions", column: "transactions" },
  { key: "revenue", column: "revenue" },
  { key: "impressions", column: "impressions" },
  { key: "clicks", column: "clicks" },
  { key: "cost", column: "cost" },
  { key: "positionWeighted", column: "position_weighted" },
  { key: "dealsCreated", column: "deals_created" },
  { key: "dealsWon", column: "deals_won" },
  { key: "wonValue", column: "won_value" },
  { key: "storeOrders", column: "orders" },
  { key: "orderRevenue", column: "order_revenue" },
  { key: "productsSold", column: "products_sold" },
  { key: "newCustomerOrders", column: "new_customer_orders" },
  { key: "returningCustomerOrders", column: "returning_customer_orders" },
] as const;
export type PartKey = (typeof PARTS)[number]["key"];
export const PART_INDEX: Record<PartKey, number> = Object.fromEntries(PARTS.map((p, i) => [p.key, i])) as Record<
  PartKey,
  number
>;
export const USERS_INDEX = PART_INDEX.users;

export const DIMENSION_COLUMNS: Record<Dimension, string> = {
  channel: "channel",
  source: "source",
  medium: "medium",
  campaign: "campaign",
  device: "device",
  country: "country",
  landingPage: "landing_page",
  page: "page",
  query: "query",
  keyword: "keyword",
};

/** One value per part; null: the source gave no value for that part. */
export type PartValues = (number | null)[];

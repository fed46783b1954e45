// The dimensions and metrics a data source can hold: the CSV upload's columns (camelCase, as the
// file names them), the observation columns they land in, and how each metric may be added up.

export const DIMENSIONS = [
  { key: "channel", column: "channel", label: "Channel" },
  { key: "source", column: "source", label: "Source" },
  { key: "medium", column: "medium", label: "Medium" },
  { key: "campaign", column: "campaign", label: "Campaign" },
  { key: "device", column: "device", label: "Device" },
  { key: "country", column: "country", label: "Country" },
  { key: "landingPage", column: "landing_page", label: "Landing page" },
  { key: "page", column: "page", label: "Page" },
  { key: "query", column: "query", label: "Query" },
  { key: "keyword", column: "keyword", label: "Keyword" },
] as const;
export type DimensionKey = (typeof DIMENSIONS)[number]["key"];

/**
 * `count`: a non-negative amount, additive across rows. `money`: additive; revenue may be negative
 * (refunds), cost may not. `users`: a count that is NOT additive across rows (one person counts in
 * every row they appear in): read it only at the grain it was given. `position`: a rank averaged
 * by impressions, stored as position × impressions and recomputed as a weighted average.
 */
export type MetricKind = "count" | "money" | "users" | "position";

export const METRICS = [
  { key: "sessions", column: "sessions", label: "Sessions", kind: "count", allowNegative: false },
  { key: "users", column: "users", label: "Users", kind: "users", allowNegative: false },
  // A new user is counted once, on the day and in the row of their first visit: additive, unlike users.
  { key: "newUsers", column: "new_users", label: "New users", kind: "count", allowNegative: false },
  {
    key: "engagedSessions",
    column: "engaged_sessions",
    label: "Engaged sessions",
    kind: "count",
    allowNegative: false,
  },
  { key: "pageviews", column: "pageviews", label: "Pageviews", kind: "count", allowNegative: false },
  { key: "conversions", column: "conversions", label: "Conversions", kind: "count", allowNegative: false },
  { key: "leads", column: "leads", label: "Leads", kind: "count", allowNegative: false },
  { key: "transactions", column: "transactions", label: "Transactions", kind: "count", allowNegative: false },
  { key: "revenue", column: "revenue", label: "Revenue", kind: "money", allowNegative: true },
  { key: "impressions", column: "impressions", label: "Impressions", kind: "count", allowNegative: false },
  { key: "clicks", column: "clicks", label: "Clicks", kind: "count", allowNegative: false },
  { key: "cost", column: "cost", label: "Cost", kind: "money", allowNegative: false },
  { key: "position", column: "position_weighted", label: "Average position", kind: "position", allowNegative: false },
] as const satisfies readonly {
  key: string;
  column: string;
  label: string;
  kind: MetricKind;
  allowNegative: boolean;
}[];
export type MetricKey = (typeof METRICS)[number]["key"];

/** The upload source: the product's own kind, fed by CSV files. */
export const UPLOAD_SOURCE_NAME = "upload";
export const UPLOAD_SOURCE_KIND = "own";
/** Largest CSV file accepted by POST /data-sources/{id}/upload. */
export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;

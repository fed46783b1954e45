// Every metric the product knows, in one table: the engine, the CSV upload, the demo data and the
// screens derive their lists from it.
//
// Additivity (`kind`):
// - `additive`: may be summed across rows, days and dimension values (sessions, revenue...).
// - `non_additive`: `users` only. One person counts in every row they appear in, so it is read at
//   the grain it was given and never summed across dimension values.
// - `ratio`: always recomputed from the sums of its numerator and denominator, never averaged.
//
// Stored metrics have a `column` in `observations` (and `daily_totals`) and are the columns a CSV
// upload accepts, under their key. Average position is stored as position × impressions
// (`position_weighted`) so it can be recomputed as a weighted average; the upload multiplies it.

/** How a value is shown: money in the project's currency, rates as %, ranks with one decimal. */
export type MetricUnit = "count" | "currency" | "percent" | "rank" | "ratio";
export type Additivity = "additive" | "non_additive" | "ratio";

interface CatalogueEntry {
  key: string;
  label: string;
  unit: MetricUnit;
  kind: Additivity;
  /** False when down is good news (cost, position, CPC, CPA). */
  higherIsBetter: boolean;
  /** The observation column of a stored metric. */
  column?: string;
  /** Whether the upload accepts negative values (revenue: refunds). */
  allowNegative?: boolean;
  numerator?: string;
  denominator?: string;
}

export const METRIC_CATALOGUE = [
  // Stored metrics, in the order of the observation columns.
  { key: "sessions", label: "Sessions", unit: "count", kind: "additive", higherIsBetter: true, column: "sessions" },
  { key: "users", label: "Users", unit: "count", kind: "non_additive", higherIsBetter: true, column: "users" },
  // A new user is counted once, on the day and in the row of their first visit: additive, unlike users.
  { key: "newUsers", label: "New users", unit: "count", kind: "additive", higherIsBetter: true, column: "new_users" },
  {
    key: "engagedSessions",
    label: "Engaged sessions",
    unit: "count",
    kind: "additive",
    higherIsBetter: true,
    column: "engaged_sessions",
  },
  { key: "pageviews", label: "Pageviews", unit: "count", kind: "additive", higherIsBetter: true, column: "pageviews" },
  {
    key: "conversions",
    label: "Conversions",
    unit: "count",
    kind: "additive",
    higherIsBetter: true,
    column: "conversions",
  },
  { key: "leads", label: "Leads", unit: "count", kind: "additive", higherIsBetter: true, column: "leads" },
  {
    key: "transactions",
    label: "Transactions",
    unit: "count",
    kind: "additive",
    higherIsBetter: true,
    column: "transactions",
  },
  {
    key: "revenue",
    label: "Revenue",
    unit: "currency",
    kind: "additive",
    higherIsBetter: true,
    column: "revenue",
    allowNegative: true,
  },
  {
    key: "impressions",
    label: "Impressions",
    unit: "count",
    kind: "additive",
    higherIsBetter: true,
    column: "impressions",
  },
  { key: "clicks", label: "Clicks", unit: "count", kind: "additive", higherIsBetter: true, column: "clicks" },
  { key: "cost", label: "Cost", unit: "currency", kind: "additive", higherIsBetter: false, column: "cost" },
  {
    key: "position",
    label: "Average position",
    unit: "rank",
    kind: "ratio",
    higherIsBetter: false,
    column: "position_weighted",
    numerator: "positionWeighted",
    denominator: "impressions",
  },
  // The CRM's deals and the ecommerce platform's orders (premium sources, by day).
  stored("dealsCreated", "Deals created", "deals_created"),
  stored("dealsWon", "Deals won", "deals_won"),
  stored("wonValue", "Won deal value", "won_value", "currency"),
  stored("storeOrders", "Store orders", "orders"),
  { ...stored("orderRevenue", "Order revenue", "order_revenue", "currency"), allowNegative: true },
  stored("productsSold", "Products sold", "products_sold"),
  stored("newCustomerOrders", "Orders from new customers", "new_customer_orders"),
  stored("returningCustomerOrders", "Orders from returning customers", "returning_customer_orders"),
  // Derived metrics: computed from stored ones, never stored.
  ratioOf("engagementRate", "Engagement rate", "engagedSessions", "sessions", "percent"),
  ratioOf("conversionRate", "Conversion rate", "conversions", "sessions", "percent"),
  ratioOf("leadRate", "Lead conversion rate", "leads", "sessions", "percent"),
  ratioOf("ecommerceConversionRate", "Ecommerce conversion rate", "transactions", "sessions", "percent"),
  ratioOf("averageOrderValue", "Average order value", "revenue", "transactions", "currency"),
  ratioOf("revenuePerSession", "Revenue per session", "revenue", "sessions", "currency"),
  ratioOf("pagesPerSession", "Pages per session", "pageviews", "sessions", "ratio"),
  ratioOf("ctr", "Click-through rate", "clicks", "impressions", "percent"),
  ratioOf("cpc", "Cost per click", "cost", "clicks", "currency", false),
  ratioOf("cpa", "Cost per conversion", "cost", "conversions", "currency", false),
  ratioOf("cpl", "Cost per lead", "cost", "leads", "currency", false),
  ratioOf("roas", "Return on ad spend", "revenue", "cost", "ratio"),
  ratioOf("dealWinRate", "Deal win rate", "dealsWon", "dealsCreated", "percent"),
  ratioOf("averageDealValue", "Average won deal value", "wonValue", "dealsWon", "currency"),
  ratioOf("averageOrderRevenue", "Average order revenue", "orderRevenue", "storeOrders", "currency"),
] as const satisfies readonly CatalogueEntry[];

function stored<K extends string, C extends string>(key: K, label: string, column: C, unit: MetricUnit = "count") {
  return { key, label, unit, kind: "additive" as const, higherIsBetter: true, column };
}

function ratioOf<K extends string, N extends string, D extends string>(
  key: K,
  label: string,
  numerator: N,
  denominator: D,
  unit: MetricUnit,
  higherIsBetter = true,
) {
  return { key, label, unit, kind: "ratio" as const, higherIsBetter, numerator, denominator };
}

type Entry = (typeof METRIC_CATALOGUE)[number];
/** A metric with its own observation column: what a data source holds and a CSV file may carry. */
export type StoredMetric = Extract<Entry, { column: string }> & { allowNegative?: boolean };
export type BaseMetric = StoredMetric["key"];

export const STORED_METRICS: readonly StoredMetric[] = METRIC_CATALOGUE.filter((m): m is StoredMetric => "column" in m);
export const BASE_METRIC_KEYS: readonly BaseMetric[] = STORED_METRICS.map((m) => m.key);

interface MetricBase {
  key: string;
  label: string;
  unit: MetricUnit;
  /** Higher is better (false for cost, position, CPC, CPA: a rise is bad news). */
  higherIsBetter: boolean;
}
export interface AdditiveMetric extends MetricBase {
  kind: "additive";
  key: Exclude<BaseMetric, "users" | "position">;
}
export interface NonAdditiveMetric extends MetricBase {
  kind: "non_additive";
  key: "users";
}
export interface RatioMetric extends MetricBase {
  kind: "ratio";
  /** `positionWeighted`: the stored position × impressions of `position`. */
  numerator: BaseMetric | "positionWeighted";
  denominator: BaseMetric;
}
export type MetricDefinition = AdditiveMetric | NonAdditiveMetric | RatioMetric;
export type MetricKey = MetricDefinition["key"];

/** The catalogue as definitions (the table's literal types checked against the shapes above). */
export const METRIC_DEFINITIONS: readonly MetricDefinition[] = METRIC_CATALOGUE;

/** The metric's definition, or null for a metric this build does not know (never throws in the UI). */
/** By key: a report looks a metric up thousands of times, with keys read from data as well as written in code. */
const METRICS_BY_KEY: ReadonlyMap<string, MetricDefinition> = new Map(METRIC_DEFINITIONS.map((m) => [m.key, m]));

export const findMetric = (key: string): MetricDefinition | null => METRICS_BY_KEY.get(key) ?? null;

export function metricDefinition(key: string): MetricDefinition {
  const found = findMetric(key);
  if (!found) throw new Error(`Unknown metric ${key}`);
  return found;
}

/** The base columns a metric is computed from (what a project's data must contain to use it). */
export function metricInputs(key: string): BaseMetric[] {
  const m = metricDefinition(key);
  if (m.kind !== "ratio") return [m.key];
  const numerator: BaseMetric = m.numerator === "positionWeighted" ? "position" : m.numerator;
  return [...new Set([numerator, m.denominator])];
}

/** A metric's name on screen; an unknown key is shown as it is. */
export const metricLabel = (key: string): string => findMetric(key)?.label ?? key;

export const metricUnit = (key: string): MetricUnit => findMetric(key)?.unit ?? "count";

/** "To be" in the past for a metric: counts are plural ("sessions were"), amounts and rates not ("revenue was"). */
export const wasOrWere = (key: string): "was" | "were" => (metricUnit(key) === "count" ? "were" : "was");

// The metrics the engine knows. Additive metrics may be summed across rows and dimension values;
// ratio metrics are always recomputed from their numerator and denominator sums; `users` is
// non-additive (a user can appear in several rows) and is never summed across dimension values.

export const BASE_METRICS = [
  "sessions",
  "users",
  "newUsers",
  "engagedSessions",
  "pageviews",
  "conversions",
  "leads",
  "transactions",
  "revenue",
  "impressions",
  "clicks",
  "cost",
  "position",
] as const;
export type BaseMetric = (typeof BASE_METRICS)[number];

export const DIMENSIONS = [
  "channel",
  "source",
  "medium",
  "campaign",
  "device",
  "country",
  "landingPage",
  "page",
  "query",
  "keyword",
] as const;
export type Dimension = (typeof DIMENSIONS)[number];

export type MetricUnit = "count" | "currency" | "percent" | "rank" | "ratio";

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
  numerator: BaseMetric | "positionWeighted";
  denominator: BaseMetric;
}
export type MetricDefinition = AdditiveMetric | NonAdditiveMetric | RatioMetric;

const additive = (
  key: AdditiveMetric["key"],
  label: string,
  unit: MetricUnit = "count",
  higherIsBetter = true,
): AdditiveMetric => ({
  kind: "additive",
  key,
  label,
  unit,
  higherIsBetter,
});
const ratio = (
  key: string,
  label: string,
  numerator: RatioMetric["numerator"],
  denominator: BaseMetric,
  unit: MetricUnit,
  higherIsBetter = true,
): RatioMetric => ({
  kind: "ratio",
  key,
  label,
  numerator,
  denominator,
  unit,
  higherIsBetter,
});

export const METRICS: readonly MetricDefinition[] = [
  additive("sessions", "Sessions"),
  { kind: "non_additive", key: "users", label: "Users", unit: "count", higherIsBetter: true },
  additive("newUsers", "New users"),
  additive("engagedSessions", "Engaged sessions"),
  additive("pageviews", "Pageviews"),
  additive("conversions", "Conversions"),
  additive("leads", "Leads"),
  additive("transactions", "Transactions"),
  additive("revenue", "Revenue", "currency"),
  additive("impressions", "Impressions"),
  additive("clicks", "Clicks"),
  additive("cost", "Cost", "currency", false),
  ratio("position", "Average position", "positionWeighted", "impressions", "rank", false),
  ratio("engagementRate", "Engagement rate", "engagedSessions", "sessions", "percent"),
  ratio("conversionRate", "Conversion rate", "conversions", "sessions", "percent"),
  ratio("leadRate", "Lead conversion rate", "leads", "sessions", "percent"),
  ratio("ecommerceConversionRate", "Ecommerce conversion rate", "transactions", "sessions", "percent"),
  ratio("averageOrderValue", "Average order value", "revenue", "transactions", "currency"),
  ratio("revenuePerSession", "Revenue per session", "revenue", "sessions", "currency"),
  ratio("pagesPerSession", "Pages per session", "pageviews", "sessions", "ratio"),
  ratio("ctr", "Click-through rate", "clicks", "impressions", "percent"),
  ratio("cpc", "Cost per click", "cost", "clicks", "currency", false),
  ratio("cpa", "Cost per conversion", "cost", "conversions", "currency", false),
  ratio("roas", "Return on ad spend", "revenue", "cost", "ratio"),
];

export type MetricKey = MetricDefinition["key"];

export function metricDefinition(key: string): MetricDefinition {
  const found = METRICS.find((m) => m.key === key);
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

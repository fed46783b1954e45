import type { Dimension, MetricKey } from "./metrics";

// The intention catalogue (GET /api/templates): each intention is one question a report answers,
// for one funnel stage, with the analysis that answers it. The engine runs every intention whose
// metrics the project's data holds and whose site types include the project's.

export const FUNNEL_STAGES = [
  { key: "exposure", label: "Exposure" },
  { key: "exploration", label: "Exploration" },
  { key: "evaluation", label: "Evaluation" },
  { key: "experience", label: "Experience" },
] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number]["key"];
export type IntentionStage = FunnelStage | "audit";

export const SITE_TYPE_KEYS = ["ecommerce", "lead_generation", "content", "brand"] as const;
export type SiteTypeKey = (typeof SITE_TYPE_KEYS)[number];
const ALL: SiteTypeKey[] = [...SITE_TYPE_KEYS];

export type AuditCheck =
  | "tracking_gaps"
  | "not_set_share"
  | "self_referrals"
  | "case_variants"
  | "impossible_values"
  | "duplicate_rows"
  | "personal_data_in_urls"
  | "ads_clicks_vs_sessions"
  | "missing_conversions"
  | "revenue_reconciliation";

export type Analysis =
  | { type: "anomalies"; metric: MetricKey }
  | { type: "drivers"; metric: MetricKey; dimension: Dimension }
  | { type: "change"; metric: MetricKey }
  | { type: "trend"; metric: MetricKey }
  | { type: "funnel"; steps: MetricKey[] }
  | { type: "segments"; view: "anomalies" | "level_shifts" }
  | { type: "audit"; check: AuditCheck; dimension?: Dimension }
  /** The client's domain against each competitor (keyword partner and competitor source data). */
  | { type: "competition" };

export interface Intention {
  key: string;
  title: string;
  question: string;
  stage: IntentionStage;
  /** Every metric the analysis reads; the intention is skipped when the data lacks one. */
  metrics: MetricKey[];
  dimensions: Dimension[];
  siteTypes: SiteTypeKey[];
  analysis: Analysis;
  /**
   * The metric this question stands in for: it is asked only when the data holds none of these (visitors for a
   * Google Analytics or Universal Analytics export of users alone, which has no sessions to ask about).
   */
  standsInFor?: MetricKey[];
}

/** An intention about a metric, read by `dimension` (none: the metric's total), its analysis built from the metric. */
const about =
  (analysis: (metric: MetricKey) => Analysis, dimension?: Dimension) =>
  (
    key: string,
    stage: FunnelStage,
    metric: MetricKey,
    title: string,
    question: string,
    siteTypes = ALL,
    extra: MetricKey[] = [],
  ): Intention => ({
    key,
    title,
    question,
    stage,
    metrics: [metric, ...extra],
    dimensions: dimension ? [dimension] : [],
    siteTypes,
    analysis: analysis(metric),
  });
const drivers = (
  key: string,
  stage: FunnelStage,
  metric: MetricKey,
  dimension: Dimension,
  ...rest: [title: string, question: string, siteTypes?: SiteTypeKey[], extra?: MetricKey[]]
): Intention => about((m) => ({ type: "drivers", metric: m, dimension }), dimension)(key, stage, metric, ...rest);
const anomalies = about((metric) => ({ type: "anomalies", metric }));
const trend = about((metric) => ({ type: "trend", metric }));
/**
 * The change of a metric's total against the comparison period, alone: for data that has none of the dimensions its
 * drivers insights break it down by (a store's daily export of orders and sales). Each drivers insight states the same
 * change first, so this one runs only when none of them can (skip-reason.ts).
 */
const change = about((metric) => ({ type: "change", metric }));
/** Questions about visitors that stand in for the traffic questions when the data has no sessions. */
const withoutSessions = (intentions: Intention[]): Intention[] =>
  intentions.map((i) => ({ ...i, standsInFor: ["sessions"] }));
const audit = (
  key: string,
  check: AuditCheck,
  title: string,
  question: string,
  metrics: MetricKey[],
  dimensions: Dimension[] = [],
): Intention => ({
  key,
  title,
  question,
  stage: "audit",
  metrics,
  dimensions,
  siteTypes: ALL,
  analysis: { type: "audit", check, dimension: dimensions[0] },
});

const ECOMMERCE: SiteTypeKey[] = ["ecommerce"];
const LEADS: SiteTypeKey[] = ["lead_generation"];
const CONVERTING: SiteTypeKey[] = ["ecommerce", "lead_generation", "content"];

export const INTENTIONS: readonly Intention[] = [
  // Exposure: being seen in search and ads.
  change(
    "impressions_change",
    "exposure",
    "impressions",
    "Impressions change",
    "Did impressions change against the comparison period?",
  ),
  drivers(
    "impressions_by_query",
    "exposure",
    "impressions",
    "query",
    "Search visibility",
    "Which search queries drove the change in impressions?",
  ),
  anomalies(
    "impressions_anomalies",
    "exposure",
    "impressions",
    "Unusual visibility days",
    "Were there days when impressions were outside the expected range?",
  ),
  drivers(
    "ctr_by_query",
    "exposure",
    "ctr",
    "query",
    "Click-through rate",
    "Which queries drove the change in click-through rate?",
    ALL,
    ["clicks", "impressions"],
  ),
  drivers(
    "position_by_query",
    "exposure",
    "position",
    "query",
    "Search position",
    "Which queries moved the average search position?",
    ALL,
    ["impressions"],
  ),
  change("clicks_change", "exposure", "clicks", "Clicks change", "Did clicks change against the comparison period?"),
  // A search position's change of the total (Search Console by day without queries): lower is better.
  change(
    "position_change",
    "exposure",
    "position",
    "Search position change",
    "Did the average search position change against the comparison period?",
    ALL,
    ["impressions"],
  ),
  change(
    "cost_change",
    "exposure",
    "cost",
    "Ad spend change",
    "Did the ad spend change against the comparison period?",
  ),
  drivers(
    "clicks_by_campaign",
    "exposure",
    "clicks",
    "campaign",
    "Ad clicks",
    "Which campaigns drove the change in ad clicks?",
  ),
  drivers(
    "cost_by_campaign",
    "exposure",
    "cost",
    "campaign",
    "Ad spend",
    "Which campaigns drove the change in ad spend?",
  ),
  drivers(
    "cpc_by_campaign",
    "exposure",
    "cpc",
    "campaign",
    "Cost per click",
    "Which campaigns changed the cost per click?",
    ALL,
    ["cost", "clicks"],
  ),
  trend(
    "impressions_trend",
    "exposure",
    "impressions",
    "Visibility trend",
    "Did visibility shift to a new level or change its trend?",
  ),
  // Exploration: visits and engagement.
  anomalies(
    "sessions_anomalies",
    "exploration",
    "sessions",
    "Unusual traffic days",
    "Were there days when traffic was outside the expected range?",
  ),
  change(
    "sessions_change",
    "exploration",
    "sessions",
    "Traffic change",
    "Did the number of sessions change against the comparison period?",
  ),
  drivers(
    "sessions_by_channel",
    "exploration",
    "sessions",
    "channel",
    "Traffic by channel",
    "Which channels drove the change in sessions?",
  ),
  drivers(
    "sessions_by_source",
    "exploration",
    "sessions",
    "source",
    "Traffic by source",
    "Which sources drove the change in sessions?",
  ),
  drivers(
    "sessions_by_device",
    "exploration",
    "sessions",
    "device",
    "Traffic by device",
    "Which devices drove the change in sessions?",
  ),
  drivers(
    "sessions_by_country",
    "exploration",
    "sessions",
    "country",
    "Traffic by country",
    "Which countries drove the change in sessions?",
  ),
  drivers(
    "sessions_by_landing_page",
    "exploration",
    "sessions",
    "landingPage",
    "Traffic by landing page",
    "Which landing pages drove the change in sessions?",
  ),
  trend(
    "sessions_trend",
    "exploration",
    "sessions",
    "Traffic trend",
    "Did traffic shift to a new level or change its trend?",
  ),
  // An export of users alone (a GA4 snapshot of Users and New users by day, Universal Analytics' users by Day Index):
  // its visitors are its traffic. Daily users are distinct per day and do not add up over a period, so their questions
  // are about days and levels; new users add up, so theirs is the period's change.
  ...withoutSessions([
    anomalies(
      "users_anomalies",
      "exploration",
      "users",
      "Unusual visitor days",
      "Were there days when the number of users was outside the expected range?",
    ),
    trend(
      "users_trend",
      "exploration",
      "users",
      "Visitor trend",
      "Did the number of users a day shift to a new level or change its trend?",
    ),
    change(
      "new_users_change",
      "exploration",
      "newUsers",
      "New users change",
      "Did the number of new users change against the comparison period?",
    ),
  ]),
  drivers(
    "new_users_by_channel",
    "exploration",
    "newUsers",
    "channel",
    "New visitors",
    "Which channels drove the change in new users?",
  ),
  drivers(
    "engagement_rate_by_channel",
    "exploration",
    "engagementRate",
    "channel",
    "Engagement",
    "Which channels drove the change in engagement rate?",
    ALL,
    ["engagedSessions", "sessions"],
  ),
  drivers(
    "pages_per_session_by_device",
    "exploration",
    "pagesPerSession",
    "device",
    "Depth of visits",
    "Which devices changed the pages viewed per session?",
    ["content", "brand", "ecommerce"],
    ["pageviews", "sessions"],
  ),
  // Evaluation: conversions and leads.
  anomalies(
    "conversions_anomalies",
    "evaluation",
    "conversions",
    "Unusual conversion days",
    "Were there days when conversions were outside the expected range?",
    CONVERTING,
  ),
  change(
    "conversions_change",
    "evaluation",
    "conversions",
    "Conversions change",
    "Did conversions change against the comparison period?",
    CONVERTING,
  ),
  change(
    "conversion_rate_change",
    "evaluation",
    "conversionRate",
    "Conversion rate change",
    "Did the conversion rate change against the comparison period?",
    CONVERTING,
    ["conversions", "sessions"],
  ),
  drivers(
    "conversions_by_channel",
    "evaluation",
    "conversions",
    "channel",
    "Conversions by channel",
    "Which channels drove the change in conversions?",
    CONVERTING,
  ),
  drivers(
    "conversions_by_campaign",
    "evaluation",
    "conversions",
    "campaign",
    "Conversions by campaign",
    "Which campaigns drove the change in conversions?",
    CONVERTING,
  ),
  drivers(
    "conversion_rate_by_channel",
    "evaluation",
    "conversionRate",
    "channel",
    "Conversion rate by channel",
    "Which channels drove the change in conversion rate?",
    CONVERTING,
    ["conversions", "sessions"],
  ),
  drivers(
    "conversion_rate_by_device",
    "evaluation",
    "conversionRate",
    "device",
    "Conversion rate by device",
    "Which devices drove the change in conversion rate?",
    CONVERTING,
    ["conversions", "sessions"],
  ),
  drivers(
    "conversion_rate_by_landing_page",
    "evaluation",
    "conversionRate",
    "landingPage",
    "Converting landing pages",
    "Which landing pages drove the change in conversion rate?",
    CONVERTING,
    ["conversions", "sessions"],
  ),
  change(
    "leads_change",
    "evaluation",
    "leads",
    "Leads change",
    "Did leads change against the comparison period?",
    LEADS,
  ),
  drivers(
    "leads_by_channel",
    "evaluation",
    "leads",
    "channel",
    "Leads by channel",
    "Which channels drove the change in leads?",
    LEADS,
  ),
  drivers(
    "lead_rate_by_channel",
    "evaluation",
    "leadRate",
    "channel",
    "Lead rate",
    "Which channels drove the change in lead conversion rate?",
    LEADS,
    ["leads", "sessions"],
  ),
  anomalies(
    "leads_anomalies",
    "evaluation",
    "leads",
    "Unusual lead days",
    "Were there days when leads were outside the expected range?",
    LEADS,
  ),
  drivers(
    "cpa_by_campaign",
    "evaluation",
    "cpa",
    "campaign",
    "Cost per conversion",
    "Which campaigns changed the cost per conversion?",
    CONVERTING,
    ["cost", "conversions"],
  ),
  drivers(
    "cpl_by_campaign",
    "evaluation",
    "cpl",
    "campaign",
    "Cost per lead",
    "Which campaigns changed the cost per lead?",
    LEADS,
    ["cost", "leads"],
  ),
  {
    key: "funnel_steps",
    title: "Funnel conversion",
    question: "Where in the funnel did more or fewer visitors move on to the next step?",
    stage: "evaluation",
    metrics: ["sessions", "engagedSessions", "conversions"],
    dimensions: [],
    siteTypes: CONVERTING,
    analysis: {
      type: "funnel",
      steps: ["impressions", "clicks", "sessions", "engagedSessions", "conversions", "transactions"],
    },
  },
  // Experience: revenue and the value of customers.
  anomalies(
    "revenue_anomalies",
    "experience",
    "revenue",
    "Unusual revenue days",
    "Were there days when revenue was outside the expected range?",
    ECOMMERCE,
  ),
  change(
    "revenue_change",
    "experience",
    "revenue",
    "Revenue change",
    "Did revenue change against the comparison period?",
    ECOMMERCE,
  ),
  change(
    "transactions_change",
    "experience",
    "transactions",
    "Transactions change",
    "Did the number of transactions change against the comparison period?",
    ECOMMERCE,
  ),
  change(
    "aov_change",
    "experience",
    "averageOrderValue",
    "Average order value change",
    "Did the average order value change against the comparison period?",
    ECOMMERCE,
    ["revenue", "transactions"],
  ),
  drivers(
    "revenue_by_channel",
    "experience",
    "revenue",
    "channel",
    "Revenue by channel",
    "Which channels drove the change in revenue?",
    ECOMMERCE,
  ),
  drivers(
    "revenue_by_campaign",
    "experience",
    "revenue",
    "campaign",
    "Revenue by campaign",
    "Which campaigns drove the change in revenue?",
    ECOMMERCE,
  ),
  drivers(
    "transactions_by_device",
    "experience",
    "transactions",
    "device",
    "Orders by device",
    "Which devices drove the change in transactions?",
    ECOMMERCE,
  ),
  drivers(
    "aov_by_channel",
    "experience",
    "averageOrderValue",
    "channel",
    "Average order value",
    "Which channels drove the change in average order value?",
    ECOMMERCE,
    ["revenue", "transactions"],
  ),
  drivers(
    "ecommerce_rate_by_channel",
    "experience",
    "ecommerceConversionRate",
    "channel",
    "Ecommerce conversion rate",
    "Which channels drove the change in ecommerce conversion rate?",
    ECOMMERCE,
    ["transactions", "sessions"],
  ),
  drivers(
    "roas_by_campaign",
    "experience",
    "roas",
    "campaign",
    "Return on ad spend",
    "Which campaigns drove the change in return on ad spend?",
    ECOMMERCE,
    ["revenue", "cost"],
  ),
  // An ad account's return on its spend by day, without campaigns to break it down by.
  change(
    "roas_change",
    "experience",
    "roas",
    "Return on ad spend change",
    "Did the return on ad spend change against the comparison period?",
    ECOMMERCE,
    ["revenue", "cost"],
  ),
  // The CRM's deals (by channel) and the ecommerce platform's orders (by day), when those sources are connected: what
  // the leads and visits became. Silent without them (their metrics are missing).
  change("deals_won_change", "experience", "dealsWon", "Deals won change", "Did deals won change in the CRM?"),
  drivers(
    "deals_won_by_channel",
    "experience",
    "dealsWon",
    "channel",
    "Deals won by channel",
    "Which channels drove the change in deals won in the CRM?",
  ),
  drivers(
    "deals_created_by_channel",
    "experience",
    "dealsCreated",
    "channel",
    "New deals by channel",
    "Which channels drove the change in new deals in the CRM?",
  ),
  change(
    "won_value_change",
    "experience",
    "wonValue",
    "Won deal value change",
    "Did the value of deals won change in the CRM?",
  ),
  drivers(
    "won_value_by_channel",
    "experience",
    "wonValue",
    "channel",
    "Won deal value by channel",
    "Which channels drove the change in the value of deals won?",
  ),
  drivers(
    "average_deal_value_by_channel",
    "experience",
    "averageDealValue",
    "channel",
    "Average deal value",
    "Which channels drove the change in the average value of a deal won?",
    ALL,
    ["wonValue", "dealsWon"],
  ),
  change(
    "store_orders_change",
    "experience",
    "storeOrders",
    "Store orders change",
    "Did the store's orders change against the comparison period?",
  ),
  anomalies(
    "store_orders_anomalies",
    "experience",
    "storeOrders",
    "Unusual store order days",
    "Were there days when the store's orders were outside the expected range?",
  ),
  change(
    "order_revenue_change",
    "experience",
    "orderRevenue",
    "Order revenue change",
    "Did the store's order revenue change against the comparison period?",
  ),
  change(
    "average_order_revenue_change",
    "experience",
    "averageOrderRevenue",
    "Average order revenue change",
    "Did the average value of the store's orders change against the comparison period?",
    ALL,
    ["orderRevenue", "storeOrders"],
  ),
  change(
    "new_customer_orders_change",
    "experience",
    "newCustomerOrders",
    "New customers' orders change",
    "Did the store's orders from new customers change against the comparison period?",
  ),
  trend(
    "revenue_trend",
    "experience",
    "revenue",
    "Revenue trend",
    "Did revenue shift to a new level or change its trend?",
    ECOMMERCE,
  ),
  trend(
    "leads_trend",
    "evaluation",
    "leads",
    "Leads trend",
    "Did leads shift to a new level or change their trend?",
    LEADS,
  ),
  trend(
    "engaged_sessions_trend",
    "experience",
    "engagedSessions",
    "Engaged audience trend",
    "Did engaged visits shift to a new level or change their trend?",
    ["content", "brand"],
  ),
  // Every segment watched: one-day anomalies and level shifts in one dimension value.
  {
    key: "segment_level_shifts",
    title: "Lasting changes in one segment",
    question:
      "Did a channel, campaign, device, country, page or query shift to a new level, even if the total did not?",
    stage: "evaluation",
    metrics: [],
    dimensions: [],
    siteTypes: ALL,
    analysis: { type: "segments", view: "level_shifts" },
  },
  {
    key: "segment_anomalies",
    title: "Unusual days in one segment",
    question:
      "Was there a day when one channel, campaign, device, country, page or query was outside its expected range?",
    stage: "exploration",
    metrics: [],
    dimensions: [],
    siteTypes: ALL,
    analysis: { type: "segments", view: "anomalies" },
  },
  // Data Quality Audit.
  // Any traffic will do (sessions, else clicks or impressions): the audit reads what the data has.
  audit(
    "tracking_gaps",
    "tracking_gaps",
    "Tracking gaps",
    "Are there days when tracking stopped, nearly stopped or changed what it counts?",
    [],
  ),
  audit(
    "not_set_share",
    "not_set_share",
    "Unattributed traffic",
    "How much traffic is (not set) or unattributed?",
    ["sessions"],
    ["channel"],
  ),
  audit(
    "self_referrals",
    "self_referrals",
    "Self-referrals",
    "Does the site appear as a referrer of its own traffic?",
    ["sessions"],
    ["source"],
  ),
  audit(
    "utm_case_variants",
    "case_variants",
    "Inconsistent campaign tags",
    "Are campaign tags split by inconsistent capitalisation?",
    ["sessions"],
    ["source"],
  ),
  audit(
    "impossible_values",
    "impossible_values",
    "Impossible values",
    "Are there impossible values, such as more engaged sessions than sessions?",
    ["sessions"],
  ),
  audit("duplicate_rows", "duplicate_rows", "Duplicated data", "Were any days or transactions recorded twice?", [
    "sessions",
  ]),
  audit(
    "personal_data_in_urls",
    "personal_data_in_urls",
    "Personal data in URLs",
    "Do page URLs or queries contain personal data such as email addresses?",
    ["sessions"],
    ["landingPage"],
  ),
  audit(
    "ads_clicks_vs_sessions",
    "ads_clicks_vs_sessions",
    "Ads clicks versus visits",
    "Do paid clicks and paid-search visits agree?",
    // Cost marks the clicks as paid: Search Console's clicks are organic, and without an ads source
    // the check says it was skipped instead of "no significant results".
    ["clicks", "cost", "sessions"],
    [], // paid visits by channel group or by medium (analyses/audit.ts)
  ),
  audit(
    "missing_conversions",
    "missing_conversions",
    "Conversion tracking",
    "Are conversions or goals being recorded?",
    ["sessions"],
  ),
  // Runs only when the project's competitive analysis option is on and its keyword partner and
  // competitor source hold data (the engine receives it as `competition`; without it, no insight).
  {
    key: "competitive_position",
    title: "Competitive position",
    question: "How does the site compare with its competitors on search visibility, keywords and traffic share?",
    stage: "exposure",
    metrics: [],
    dimensions: [],
    siteTypes: ALL,
    analysis: { type: "competition" },
  },
  // Ecommerce projects with the ecommerce platform connected: analytics revenue against orders.
  {
    ...audit(
      "revenue_reconciliation",
      "revenue_reconciliation",
      "Revenue versus orders",
      "Does the revenue analytics records match the store's order revenue?",
      ["revenue", "orderRevenue"],
    ),
    siteTypes: ECOMMERCE,
  },
];

export function intentionByKey(key: string): Intention | undefined {
  return INTENTIONS.find((i) => i.key === key);
}

/** The primary KPIs per site type (DESIGN.md): Most Impactful Insights rank by contribution to these. */
export const PRIMARY_KPIS: Record<SiteTypeKey, MetricKey[]> = {
  // The store's own orders when analytics is not connected (an ecommerce platform alone).
  ecommerce: ["revenue", "transactions", "orderRevenue", "storeOrders"],
  // Deals won in the CRM, when it is connected, come before the site's own leads.
  lead_generation: ["dealsWon", "leads", "conversions"],
  content: ["engagedSessions", "pageviews"],
  brand: ["impressions", "sessions"],
};

export const NO_SIGNIFICANT_RESULTS = "This intention didn't return any significant results.";

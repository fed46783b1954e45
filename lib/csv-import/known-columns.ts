import { DIMENSIONS } from "../catalogue/dimensions";
import { STORED_METRICS } from "../catalogue/metrics";
import type { ColumnTarget } from "./column-targets";

// Column names of the exports agencies download, as the tools write them, and what each is
// imported as. Earlier rows win when two columns of one file claim the same target (Meta's "Day"
// over "Reporting starts", Shopify's "Total sales" over "Net sales"). A `metric:` target that is
// derived (CTR, CPC...) is proposed as "ignore": the catalogue computes it from its inputs.
//
// GA4: Reports > Share > Download file > CSV (English UI). Search Console: Performance > Export
// (Dates.csv, Queries.csv, Pages.csv...). Google Ads: Reports or a table's Download > CSV.
// Shopify: Analytics > Reports > Export. Meta: Ads Manager > Reports > Export table data.

interface KnownColumn {
  names: string[];
  target: ColumnTarget | `metric:${string}`;
  /** Which tools write these names (shown nowhere; for whoever extends the table). */
  from: string;
}

export const KNOWN_COLUMNS: readonly KnownColumn[] = [
  // Dates
  { names: ["Date", "Day"], target: "date", from: "GA4, Search Console, Google Ads, Shopify, Meta" },
  { names: ["Reporting starts"], target: "date", from: "Meta without a daily breakdown" },
  // Dimensions
  {
    names: [
      "Session primary channel group (Default Channel Group)",
      "Session default channel group",
      "Default channel group",
      "First user primary channel group (Default Channel Group)",
      "First user default channel group",
      "Primary channel group (Default Channel Group)",
      "Channel",
    ],
    target: "dimension:channel",
    from: "GA4",
  },
  {
    names: ["Session source", "First user source", "Referrer source", "Source"],
    target: "dimension:source",
    from: "GA4, Shopify",
  },
  { names: ["Session medium", "First user medium", "Medium"], target: "dimension:medium", from: "GA4" },
  {
    names: ["Session source / medium", "First user source / medium", "Source / Medium"],
    target: "dimension:sourceMedium",
    from: "GA4, Universal Analytics",
  },
  {
    names: ["Session campaign", "Campaign", "Campaign name", "First user campaign", "UTM campaign name"],
    target: "dimension:campaign",
    from: "GA4, Google Ads, Meta, Shopify",
  },
  {
    names: ["Device category", "Device", "Session device type", "Impression device", "Device platform"],
    target: "dimension:device",
    from: "GA4, Search Console, Google Ads, Shopify, Meta",
  },
  {
    names: ["Country", "Session country", "Country/Territory"],
    target: "dimension:country",
    from: "GA4, Search Console, Shopify, Meta",
  },
  {
    names: ["Landing page", "Landing page + query string", "Landing page path"],
    target: "dimension:landingPage",
    from: "GA4, Shopify",
  },
  {
    names: [
      "Page path and screen class",
      "Page path + query string and screen class",
      "Page path",
      "Top pages",
      "Page",
    ],
    target: "dimension:page",
    from: "GA4, Search Console",
  },
  {
    names: ["Top queries", "Query", "Search term", "Search query"],
    target: "dimension:query",
    from: "Search Console, Google Ads",
  },
  { names: ["Keyword", "Search keyword"], target: "dimension:keyword", from: "Google Ads" },
  // Stored metrics
  { names: ["Sessions"], target: "metric:sessions", from: "GA4, Shopify" },
  {
    names: ["Total users", "Active users", "Users", "Online store visitors", "Visitors"],
    target: "metric:users",
    from: "GA4, Shopify",
  },
  { names: ["New users"], target: "metric:newUsers", from: "GA4" },
  { names: ["Engaged sessions"], target: "metric:engagedSessions", from: "GA4" },
  { names: ["Views", "Screen page views", "Pageviews", "Page views"], target: "metric:pageviews", from: "GA4" },
  { names: ["Key events", "Conversions"], target: "metric:conversions", from: "GA4, Google Ads" },
  { names: ["Leads"], target: "metric:leads", from: "Meta" },
  {
    names: ["Transactions", "Ecommerce purchases", "Purchases", "Orders"],
    target: "metric:transactions",
    from: "GA4, Meta, Shopify",
  },
  {
    names: [
      "Total revenue",
      "Purchase revenue",
      "Revenue",
      "Total sales",
      "Conv. value",
      "Conversion value",
      "Purchases conversion value",
      "Net sales",
      "Gross sales",
    ],
    target: "metric:revenue",
    from: "GA4, Shopify, Google Ads, Meta",
  },
  { names: ["Impressions", "Impr."], target: "metric:impressions", from: "Search Console, Google Ads, Meta" },
  {
    names: ["Clicks", "Link clicks", "Clicks (all)"],
    target: "metric:clicks",
    from: "Search Console, Google Ads, Meta",
  },
  { names: ["Cost", "Amount spent", "Spend"], target: "metric:cost", from: "Google Ads, Meta" },
  { names: ["Position", "Average position", "Avg. position"], target: "metric:position", from: "Search Console" },
  // Derived metrics: recognised so the preview can say why they are not imported.
  {
    names: ["CTR", "CTR (link click-through rate)", "CTR (all)"],
    target: "metric:ctr",
    from: "Search Console, Google Ads, Meta",
  },
  { names: ["Avg. CPC", "CPC (cost per link click)", "CPC (all)"], target: "metric:cpc", from: "Google Ads, Meta" },
  { names: ["Cost / conv.", "Cost per conversion"], target: "metric:cpa", from: "Google Ads" },
  { names: ["Cost per lead", "CPL"], target: "metric:cpl", from: "Google Ads, Meta" },
  {
    names: ["Conv. value / cost", "Purchase ROAS (return on ad spend)", "ROAS"],
    target: "metric:roas",
    from: "Google Ads, Meta",
  },
  { names: ["Engagement rate"], target: "metric:engagementRate", from: "GA4" },
  { names: ["Session key event rate", "Session conversion rate"], target: "metric:conversionRate", from: "GA4" },
  {
    names: ["Average purchase revenue", "Average order value"],
    target: "metric:averageOrderValue",
    from: "GA4, Shopify",
  },
  { names: ["Views per session"], target: "metric:pagesPerSession", from: "GA4" },
  // Columns of these exports that reports do not use: recognised, so a file with them imports as
  // it comes, and ignored.
  {
    names: [
      "Average engagement time per session",
      "Average engagement time",
      "Events per session",
      "Event count",
      "Bounce rate",
      "Views per active user",
      "Event count per active user",
      "Active users per session",
      "Sessions per active user",
      "Session source platform",
      "Nth day",
    ],
    target: "ignore",
    from: "GA4",
  },
  {
    names: [
      "Currency code",
      "Currency",
      "Campaign status",
      "Campaign type",
      "Campaign ID",
      "Campaign state",
      "Account",
      "Account name",
      "Customer ID",
      "Interactions",
      "Interaction rate",
      "Avg. cost",
      "Conv. rate",
      "All conv.",
      "All conv. value",
      "View-through conv.",
      "Budget",
      "Budget type",
      "Bid strategy type",
      "Search impr. share",
      "Optimization score",
      "Status",
      "Status reasons",
    ],
    target: "ignore",
    from: "Google Ads",
  },
  {
    names: [
      "Reporting ends",
      "Ad set name",
      "Ad name",
      "Campaign delivery",
      "Ad set delivery",
      "Delivery",
      "Reach",
      "Frequency",
      "Results",
      "Result indicator",
      "Result type",
      "Cost per result",
      "Attribution setting",
      "Ends",
      "Starts",
      "Ad set budget",
      "Ad set budget type",
      "CPM (cost per 1,000 impressions)",
      "Cost per purchase",
      "Cost per lead",
      "Unique link clicks",
    ],
    target: "ignore",
    from: "Meta",
  },
  {
    names: [
      "Discounts",
      "Returns",
      "Shipping",
      "Shipping charges",
      "Taxes",
      "Duties",
      "Additional fees",
      "Sessions that completed checkout",
      "Sessions with cart additions",
      "Sessions that reached checkout",
      "Average order value",
    ],
    target: "ignore",
    from: "Shopify",
  },
];

/**
 * A header cell reduced to what identifies it: lower case, letters and digits only, a trailing
 * currency code dropped ("Amount spent (USD)" and "amount_spent" are one name; so are our own
 * camelCase names and their spaced spellings).
 */
export function squashName(name: string): string {
  return name
    .trim()
    .replace(/\s*\([A-Z]{3}\)\s*$/, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

export interface KnownMatch {
  target: ColumnTarget | `metric:${string}`;
  /** Lower is preferred when two columns claim one target. */
  rank: number;
}

const BY_NAME = new Map<string, KnownMatch>();
let rank = 0;
// Our own template's names (the catalogue keys) come first: a file in our format maps exactly.
BY_NAME.set("date", { target: "date", rank: rank++ });
for (const d of DIMENSIONS) BY_NAME.set(squashName(d.key), { target: `dimension:${d.key}`, rank: rank++ });
for (const m of STORED_METRICS) BY_NAME.set(squashName(m.key), { target: `metric:${m.key}`, rank: rank++ });
for (const entry of KNOWN_COLUMNS)
  for (const name of entry.names) {
    const key = squashName(name);
    if (!BY_NAME.has(key)) BY_NAME.set(key, { target: entry.target, rank: rank++ });
  }

export function knownColumn(header: string): KnownMatch | undefined {
  return BY_NAME.get(squashName(header));
}

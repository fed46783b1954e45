// The Google Ads report types the wizard offers (spec section 3: 46 named types plus All Data), as
// the AdWords reporting API named them. One list: the wizard's options and the API's validation
// both read it. Whatever type is chosen, the import reads impressions, clicks, cost, conversions and
// conversion value by day and campaign; the type decides the second breakdown (ADS_REPORT_BREAKDOWNS):
// keywords, search terms, landing pages, countries or devices, so a report can name the keyword or
// page behind a change. Types whose own breakdown the engine has no dimension for (ages, placements,
// labels...) import campaign by day.

export const ALL_ADS_DATA = "ALL_DATA";

export const GOOGLE_ADS_REPORT_TYPES = [
  "ACCOUNT_PERFORMANCE_REPORT",
  "AD_CUSTOMIZERS_FEED_ITEM_REPORT",
  "AD_PERFORMANCE_REPORT",
  "ADGROUP_PERFORMANCE_REPORT",
  "AGE_RANGE_PERFORMANCE_REPORT",
  "AUDIENCE_PERFORMANCE_REPORT",
  "AUTOMATIC_PLACEMENTS_PERFORMANCE_REPORT",
  "BID_GOAL_PERFORMANCE_REPORT",
  "BUDGET_PERFORMANCE_REPORT",
  "CALL_METRICS_CALL_DETAILS_REPORT",
  "CAMPAIGN_AD_SCHEDULE_TARGET_REPORT",
  "CAMPAIGN_CRITERIA_REPORT",
  "CAMPAIGN_GROUP_PERFORMANCE_REPORT",
  "CAMPAIGN_LOCATION_TARGET_REPORT",
  "CAMPAIGN_NEGATIVE_KEYWORDS_PERFORMANCE_REPORT",
  "CAMPAIGN_NEGATIVE_LOCATIONS_REPORT",
  "CAMPAIGN_NEGATIVE_PLACEMENTS_PERFORMANCE_REPORT",
  "CAMPAIGN_PERFORMANCE_REPORT",
  "CAMPAIGN_SHARED_SET_REPORT",
  "CLICK_PERFORMANCE_REPORT",
  "CREATIVE_CONVERSION_REPORT",
  "CRITERIA_PERFORMANCE_REPORT",
  "DISPLAY_KEYWORD_PERFORMANCE_REPORT",
  "DISPLAY_TOPICS_PERFORMANCE_REPORT",
  "FINAL_URL_REPORT",
  "GENDER_PERFORMANCE_REPORT",
  "GEO_PERFORMANCE_REPORT",
  "KEYWORDLESS_CATEGORY_REPORT",
  "KEYWORDLESS_QUERY_REPORT",
  "KEYWORDS_PERFORMANCE_REPORT",
  "LABEL_REPORT",
  "LANDING_PAGE_REPORT",
  "PAID_ORGANIC_QUERY_REPORT",
  "PARENTAL_STATUS_PERFORMANCE_REPORT",
  "PLACEHOLDER_FEED_ITEM_REPORT",
  "PLACEHOLDER_REPORT",
  "PLACEMENT_PERFORMANCE_REPORT",
  "PRODUCT_PARTITION_REPORT",
  "SEARCH_QUERY_PERFORMANCE_REPORT",
  "SHARED_SET_CRITERIA_REPORT",
  "SHARED_SET_REPORT",
  "SHOPPING_PERFORMANCE_REPORT",
  "TOP_CONTENT_PERFORMANCE_REPORT",
  "URL_PERFORMANCE_REPORT",
  "USER_AD_DISTANCE_REPORT",
  "VIDEO_PERFORMANCE_REPORT",
] as const;

/** What the wizard offers: All Data first, then the 46 types. */
export const GOOGLE_ADS_REPORT_OPTIONS = [ALL_ADS_DATA, ...GOOGLE_ADS_REPORT_TYPES] as const;
export type GoogleAdsReport = (typeof GOOGLE_ADS_REPORT_OPTIONS)[number];

/** "CAMPAIGN_PERFORMANCE_REPORT" → "Campaign performance report"; ALL_DATA → "All Data". */
export function adsReportLabel(value: string): string {
  if (value === ALL_ADS_DATA) return "All Data";
  const words = value
    .toLowerCase()
    .replace(/adgroup/g, "ad group")
    .split("_");
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What an Ads import breaks each campaign's days down by, beside the campaign itself. */
export type AdsBreakdown = "campaign" | "device" | "keyword" | "searchTerm" | "landingPage" | "country";

const BREAKDOWN_OF: Partial<Record<GoogleAdsReport, AdsBreakdown>> = {
  ALL_DATA: "device",
  KEYWORDS_PERFORMANCE_REPORT: "keyword",
  DISPLAY_KEYWORD_PERFORMANCE_REPORT: "keyword",
  SEARCH_QUERY_PERFORMANCE_REPORT: "searchTerm",
  PAID_ORGANIC_QUERY_REPORT: "searchTerm",
  KEYWORDLESS_QUERY_REPORT: "searchTerm",
  LANDING_PAGE_REPORT: "landingPage",
  FINAL_URL_REPORT: "landingPage",
  URL_PERFORMANCE_REPORT: "landingPage",
  GEO_PERFORMANCE_REPORT: "country",
  CAMPAIGN_LOCATION_TARGET_REPORT: "country",
};

/** The breakdown a report type imports; an unknown or missing type reads campaign by day. */
export function adsReportBreakdown(report: unknown): AdsBreakdown {
  return BREAKDOWN_OF[report as GoogleAdsReport] ?? "campaign";
}

const BREAKDOWN_WORDS: Record<AdsBreakdown, string> = {
  campaign: "by campaign",
  device: "by campaign and device",
  keyword: "by campaign and keyword",
  searchTerm: "by campaign and search term",
  landingPage: "by campaign and landing page",
  country: "by campaign and country",
};

/** The wizard's and source page's one line on what a report type imports. */
export function adsReportImportSummary(report: unknown): string {
  return `Imports impressions, clicks, cost, conversions and conversion value by day, ${BREAKDOWN_WORDS[adsReportBreakdown(report)]}.`;
}

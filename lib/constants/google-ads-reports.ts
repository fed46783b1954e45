// The Google Ads reports the product imports, one per Google Ads API view it reads, each with what
// it brings (ADR 0026). The AdWords API's 46 report types were regrouped into these: most of them
// (ages, genders, placements, audiences, ad groups, labels, budgets, shared sets...) break a
// campaign's day down by something the observation store has no dimension for, or have no daily
// metrics at all in the Google Ads API, so they would have imported the campaign's days again
// under another name. The values are the AdWords names of the nearest old report, so sources saved
// before keep their meaning (migration 0036 moved the other names to the report that imports what
// they imported). One list: the wizard's options, the API's validation and the connector read it.

import type { Dimension } from "../catalogue/dimensions";

export const ALL_ADS_DATA = "ALL_DATA";

/** Every report imports these metrics, by day. */
export const ADS_REPORT_METRICS = "impressions, clicks, cost, conversions and conversion value";

export interface AdsReportDefinition {
  value: string;
  /** Its name in the wizard and on the source's page. */
  label: string;
  /** What each campaign's days are broken down by, beside the campaign (none: the campaign alone). */
  breakdown: readonly Dimension[];
  /** The Google Ads API view it reads, named so an agency can find the same numbers in Google Ads. */
  view: string;
  /** One sentence under its name on what it brings, beside the metrics every report has. */
  brings: string;
}

export const GOOGLE_ADS_REPORTS = [
  {
    value: ALL_ADS_DATA,
    label: "All data: campaigns by device",
    breakdown: ["device"],
    view: "campaign, segmented by device",
    brings: "Every campaign's day on computers, mobile phones, tablets and TV screens.",
  },
  {
    value: "CAMPAIGN_PERFORMANCE_REPORT",
    label: "Campaigns",
    breakdown: [],
    view: "campaign",
    brings: "Every campaign's day, with no further breakdown.",
  },
  {
    value: "KEYWORDS_PERFORMANCE_REPORT",
    label: "Search keywords",
    breakdown: ["keyword"],
    view: "keyword_view",
    brings: "Each campaign's day by the keyword of its Search ad groups that matched.",
  },
  {
    value: "SEARCH_QUERY_PERFORMANCE_REPORT",
    label: "Search terms",
    breakdown: ["query"],
    view: "search_term_view",
    brings: "Each campaign's day by what people typed into Google when the ad showed.",
  },
  {
    value: "KEYWORDLESS_QUERY_REPORT",
    label: "Dynamic Search Ads search terms",
    breakdown: ["query", "landingPage"],
    view: "dynamic_search_ads_search_term_view",
    brings: "Each Dynamic Search Ads campaign's day by search term and the page Google chose for it.",
  },
  {
    value: "DISPLAY_KEYWORD_PERFORMANCE_REPORT",
    label: "Display keywords",
    breakdown: ["keyword"],
    view: "display_keyword_view",
    brings: "Each Display and Video campaign's day by the keyword of the content its ads were placed on.",
  },
  {
    value: "LANDING_PAGE_REPORT",
    label: "Landing pages",
    breakdown: ["landingPage"],
    view: "landing_page_view",
    brings: "Each campaign's day by the final URL of its ads: the page people land on.",
  },
  {
    value: "GEO_PERFORMANCE_REPORT",
    label: "Countries",
    breakdown: ["country"],
    view: "geographic_view",
    brings: "Each campaign's day by the country people were in or searched about.",
  },
] as const satisfies readonly AdsReportDefinition[];

export type GoogleAdsReport = (typeof GOOGLE_ADS_REPORTS)[number]["value"];

/** The values the wizard offers and the API accepts, All data first. */
export const GOOGLE_ADS_REPORT_OPTIONS = GOOGLE_ADS_REPORTS.map((r) => r.value) as [
  GoogleAdsReport,
  ...GoogleAdsReport[],
];

/** A report's definition; a value saved by nothing this list knows reads as Campaigns. */
export function adsReport(value: unknown): AdsReportDefinition {
  return GOOGLE_ADS_REPORTS.find((r) => r.value === value) ?? GOOGLE_ADS_REPORTS[1];
}

/** "Search terms"; an unknown value is shown as it is. */
export function adsReportLabel(value: string): string {
  return GOOGLE_ADS_REPORTS.find((r) => r.value === value)?.label ?? value;
}

/** The wizard's and source page's line on what a report imports. */
export function adsReportImportSummary(value: unknown): string {
  const report = adsReport(value);
  return `${report.brings} Imports ${ADS_REPORT_METRICS} by day (Google Ads: ${report.view}).`;
}

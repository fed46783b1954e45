import "server-only";
import type { Dimension } from "@/lib/catalogue/dimensions";
import { adsReport, type GoogleAdsReport } from "@/lib/constants/google-ads-reports";
import { googleMalformedError } from "../../../../integrations/google/errors";
import { searchStream, type AdsRow } from "../../../../integrations/google/google-ads";
import { RowBuffer } from "../row-buffer";
import { parseMetric, requireSetting, type Connector } from "./types";

// Google Ads impressions, clicks, cost, conversions and conversion value by campaign and day,
// through GAQL, from the view of the source's report (lib/constants/google-ads-reports.ts) and
// broken down by what that view is about. Cost comes in micros of the account's currency;
// conversion value is stored as revenue, so ROAS (revenue / cost) and cost per conversion are
// computed from the same rows.

const METRICS =
  "metrics.impressions, metrics.clicks, metrics.cost_micros, metrics.conversions, metrics.conversions_value";

interface ReportQuery {
  /** The GAQL resource in FROM. */
  resource: string;
  /** The fields selected for the breakdown, one per dimension of the report's breakdown, in its order. */
  fields: string[];
  /** Each breakdown value in one result row, in the same order. */
  values: (row: AdsRow) => unknown[];
}

const nested = (row: AdsRow, entity: string, ...path: string[]): unknown =>
  path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], row[entity]);

const QUERIES: Record<GoogleAdsReport, ReportQuery> = {
  ALL_DATA: { resource: "campaign", fields: ["segments.device"], values: (r) => [r.segments?.device] },
  CAMPAIGN_PERFORMANCE_REPORT: { resource: "campaign", fields: [], values: () => [] },
  KEYWORDS_PERFORMANCE_REPORT: {
    resource: "keyword_view",
    fields: ["ad_group_criterion.keyword.text"],
    values: (r) => [nested(r, "adGroupCriterion", "keyword", "text")],
  },
  SEARCH_QUERY_PERFORMANCE_REPORT: {
    resource: "search_term_view",
    fields: ["search_term_view.search_term"],
    values: (r) => [r.searchTermView?.searchTerm],
  },
  KEYWORDLESS_QUERY_REPORT: {
    resource: "dynamic_search_ads_search_term_view",
    fields: ["dynamic_search_ads_search_term_view.search_term", "dynamic_search_ads_search_term_view.landing_page"],
    values: (r) => [r.dynamicSearchAdsSearchTermView?.searchTerm, r.dynamicSearchAdsSearchTermView?.landingPage],
  },
  DISPLAY_KEYWORD_PERFORMANCE_REPORT: {
    resource: "display_keyword_view",
    fields: ["ad_group_criterion.keyword.text"],
    values: (r) => [nested(r, "adGroupCriterion", "keyword", "text")],
  },
  LANDING_PAGE_REPORT: {
    resource: "landing_page_view",
    fields: ["landing_page_view.unexpanded_final_url"],
    values: (r) => [r.landingPageView?.unexpandedFinalUrl],
  },
  GEO_PERFORMANCE_REPORT: {
    resource: "geographic_view",
    fields: ["geographic_view.country_criterion_id"],
    values: (r) => [r.geographicView?.countryCriterionId],
  },
};

/** Ads names devices MOBILE, DESKTOP, TABLET, CONNECTED_TV...; analytics sources say mobile, desktop, tablet. */
const deviceName = (value: string) => value.toLowerCase().replace(/_/g, " ");

/** A final URL as the landing page analytics sources report: its path (and query), without the host. */
function landingPath(value: string): string {
  try {
    const url = new URL(value);
    return `${url.pathname}${url.search}` || "/";
  } catch {
    return value;
  }
}

/** The names of geo target constants (country criterion ids), in one GAQL query. */
async function countryNames(
  auth: Parameters<Connector["fetch"]>[0]["auth"],
  customerId: string,
  ids: string[],
): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await searchStream(
    auth,
    customerId,
    `SELECT geo_target_constant.id, geo_target_constant.name FROM geo_target_constant ` +
      `WHERE geo_target_constant.id IN (${ids.join(", ")})`,
  );
  return new Map(rows.map((r) => [String(r.geoTargetConstant?.id ?? ""), String(r.geoTargetConstant?.name ?? "")]));
}

const text = (value: unknown) => (value === undefined || value === null ? "" : String(value));

/** The GAQL query of a report over [startDate, endDate], for every campaign or one. */
export function adsReportQuery(report: GoogleAdsReport, startDate: string, endDate: string, campaignId?: string) {
  const query = QUERIES[report];
  const fields = ["campaign.id", "campaign.name", ...query.fields, "segments.date"];
  const onlyCampaign = campaignId ? ` AND campaign.id = ${campaignId}` : "";
  return (
    `SELECT ${fields.join(", ")}, ${METRICS} FROM ${query.resource} ` +
    `WHERE segments.date BETWEEN '${startDate}' AND '${endDate}'${onlyCampaign}`
  );
}

export const googleAdsConnector: Connector = {
  historyMonths: 15,
  batchDays: 90,
  newBuffer: (source) =>
    new RowBuffer(
      ["campaign", ...adsReport(source.additional.adsReport).breakdown],
      ["impressions", "clicks", "cost", "conversions", "revenue"],
    ),
  async fetch({ auth, source, startDate, endDate, buffer }) {
    const customerId = requireSetting(source, "adsAccount").replace(/\D/g, "");
    const report = adsReport(source.additional.adsReport);
    const query = QUERIES[report.value as GoogleAdsReport];
    const campaign = source.additional.adsCampaign;
    const rows = await searchStream(
      auth,
      customerId,
      adsReportQuery(
        report.value as GoogleAdsReport,
        startDate,
        endDate,
        typeof campaign === "string" && /^\d+$/.test(campaign) ? campaign : undefined,
      ),
    );
    const countryAt = report.breakdown.indexOf("country");
    const countries =
      countryAt >= 0
        ? await countryNames(auth, customerId, [
            ...new Set(rows.map((r) => text(query.values(r)[countryAt])).filter((id) => /^\d+$/.test(id))),
          ])
        : new Map<string, string>();
    const shown = (dimension: Dimension, value: string): string => {
      if (!value) return "";
      if (dimension === "device") return deviceName(value);
      if (dimension === "landingPage") return landingPath(value);
      if (dimension === "country") return countries.get(value) || value;
      return value;
    };

    for (const row of rows) {
      const date = String(row.segments?.date ?? "");
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw googleMalformedError(`segments.date is not YYYY-MM-DD: ${date}`);
      const m = row.metrics ?? {};
      const breakdown = query.values(row).map((v, i) => shown(report.breakdown[i], text(v)));
      buffer.add(
        date,
        [text(row.campaign?.name), ...breakdown],
        [
          parseMetric(m.impressions, "impressions", googleMalformedError),
          parseMetric(m.clicks, "clicks", googleMalformedError),
          parseMetric(m.costMicros, "costMicros", googleMalformedError) / 1_000_000,
          parseMetric(m.conversions, "conversions", googleMalformedError),
          parseMetric(m.conversionsValue, "conversionsValue", googleMalformedError),
        ],
      );
    }
  },
};

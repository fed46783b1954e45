import "server-only";
import type { Dimension } from "@/lib/catalogue/dimensions";
import { adsReportBreakdown, type AdsBreakdown } from "@/lib/constants/google-ads-reports";
import { googleMalformedError } from "../../../../integrations/google/errors";
import { searchStream, type AdsRow } from "../../../../integrations/google/google-ads";
import { RowBuffer } from "../row-buffer";
import { parseMetric, requireSetting, type Connector } from "./types";

// Google Ads impressions, clicks, cost, conversions and conversion value by campaign and day,
// through GAQL, broken down further by what the source's report type is about (keywords, search
// terms, landing pages, countries or devices). Cost comes in micros of the account's currency;
// conversion value is stored as revenue, so ROAS (revenue / cost) and cost per conversion are
// computed from the same rows.

const METRICS =
  "metrics.impressions, metrics.clicks, metrics.cost_micros, metrics.conversions, metrics.conversions_value";

interface BreakdownQuery {
  /** The engine dimension the breakdown fills, beside the campaign. */
  dimension?: Dimension;
  /** The GAQL resource and the field selected for the breakdown. */
  resource: string;
  field?: string;
  /** The breakdown's value in one result row. */
  value?: (row: AdsRow) => unknown;
}

const BREAKDOWNS: Record<AdsBreakdown, BreakdownQuery> = {
  campaign: { resource: "campaign" },
  device: {
    dimension: "device",
    resource: "campaign",
    field: "segments.device",
    value: (row) => row.segments?.device,
  },
  keyword: {
    dimension: "keyword",
    resource: "keyword_view",
    field: "ad_group_criterion.keyword.text",
    value: (row) => (row.adGroupCriterion?.keyword as { text?: unknown } | undefined)?.text,
  },
  searchTerm: {
    dimension: "query",
    resource: "search_term_view",
    field: "search_term_view.search_term",
    value: (row) => row.searchTermView?.searchTerm,
  },
  landingPage: {
    dimension: "landingPage",
    resource: "landing_page_view",
    field: "landing_page_view.unexpanded_final_url",
    value: (row) => row.landingPageView?.unexpandedFinalUrl,
  },
  country: {
    dimension: "country",
    resource: "geographic_view",
    field: "geographic_view.country_criterion_id",
    value: (row) => row.geographicView?.countryCriterionId,
  },
};

/** Ads names devices MOBILE, DESKTOP, TABLET...; analytics sources say mobile, desktop, tablet. */
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

export const googleAdsConnector: Connector = {
  historyMonths: 15,
  batchDays: 90,
  newBuffer: (source) => {
    const { dimension } = BREAKDOWNS[adsReportBreakdown(source.additional.adsReport)];
    return new RowBuffer(dimension ? ["campaign", dimension] : ["campaign"], [
      "impressions",
      "clicks",
      "cost",
      "conversions",
      "revenue",
    ]);
  },
  async fetch({ auth, source, startDate, endDate, buffer }) {
    const customerId = requireSetting(source, "adsAccount").replace(/\D/g, "");
    const breakdown = BREAKDOWNS[adsReportBreakdown(source.additional.adsReport)];
    const campaign = source.additional.adsCampaign;
    const onlyCampaign = typeof campaign === "string" && /^\d+$/.test(campaign) ? ` AND campaign.id = ${campaign}` : "";
    const fields = ["campaign.id", "campaign.name", ...(breakdown.field ? [breakdown.field] : []), "segments.date"];
    const rows = await searchStream(
      auth,
      customerId,
      `SELECT ${fields.join(", ")}, ${METRICS} FROM ${breakdown.resource} ` +
        `WHERE segments.date BETWEEN '${startDate}' AND '${endDate}'${onlyCampaign}`,
    );
    const rawValue = (row: AdsRow) => {
      const value = breakdown.value?.(row);
      return value === undefined || value === null ? "" : String(value);
    };
    const countries =
      breakdown.dimension === "country"
        ? await countryNames(auth, customerId, [...new Set(rows.map(rawValue).filter((id) => /^\d+$/.test(id)))])
        : new Map<string, string>();
    const dimensionValue = (row: AdsRow): string => {
      const value = rawValue(row);
      if (!value) return "";
      if (breakdown.dimension === "device") return deviceName(value);
      if (breakdown.dimension === "landingPage") return landingPath(value);
      if (breakdown.dimension === "country") return countries.get(value) || value;
      return value;
    };

    for (const row of rows) {
      const date = String(row.segments?.date ?? "");
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw googleMalformedError(`segments.date is not YYYY-MM-DD: ${date}`);
      const m = row.metrics ?? {};
      const values = [String(row.campaign?.name ?? "")];
      if (breakdown.dimension) values.push(dimensionValue(row));
      buffer.add(date, values, [
        parseMetric(m.impressions, "impressions", googleMalformedError),
        parseMetric(m.clicks, "clicks", googleMalformedError),
        parseMetric(m.costMicros, "costMicros", googleMalformedError) / 1_000_000,
        parseMetric(m.conversions, "conversions", googleMalformedError),
        parseMetric(m.conversionsValue, "conversionsValue", googleMalformedError),
      ]);
    }
  },
};

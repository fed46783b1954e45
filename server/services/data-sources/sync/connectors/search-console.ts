import "server-only";
import { googleMalformedError } from "../../../../integrations/google/errors";
import { GSC_HISTORY_MONTHS, querySearchAnalytics } from "../../../../integrations/google/search-console";
import { RowBuffer } from "../row-buffer";
import { parseMetric, requireSetting, type Connector } from "./types";

// Search Console rows by day, query, page, device and country: clicks, impressions, and the
// position stored weighted by impressions (average position = sum(position_weighted) /
// sum(impressions) at any grain). Devices are lower-cased to match analytics ("desktop");
// countries stay as Search Console gives them (ISO 3166-1 alpha-3), upper-cased.

export const searchConsoleConnector: Connector = {
  historyMonths: GSC_HISTORY_MONTHS,
  batchDays: 30,
  newBuffer: () =>
    new RowBuffer(["query", "page", "device", "country"], ["clicks", "impressions", "position_weighted"]),
  async fetch({ auth, source, startDate, endDate, buffer }) {
    const siteUrl = requireSetting(source, "analyticSite");
    await querySearchAnalytics(
      auth,
      { siteUrl, startDate, endDate, dimensions: ["date", "query", "page", "device", "country"] },
      (rows) => {
        for (const row of rows) {
          const [date, query, page, device, country] = row.keys;
          if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw googleMalformedError(`date is not YYYY-MM-DD: ${date}`);
          const impressions = parseMetric(row.impressions, "impressions", googleMalformedError);
          buffer.add(
            date,
            [query, page, device.toLowerCase(), country.toUpperCase()],
            [
              parseMetric(row.clicks, "clicks", googleMalformedError),
              impressions,
              parseMetric(row.position, "position", googleMalformedError) * impressions,
            ],
          );
        }
      },
    );
  },
};

import "server-only";
import { googleMalformedError } from "../../../../integrations/google/errors";
import { searchStream } from "../../../../integrations/google/google-ads";
import { RowBuffer } from "../row-buffer";
import { parseMetric, requireSetting, type Connector } from "./types";

// Google Ads impressions, clicks, cost, conversions and conversion value by campaign and day,
// through GAQL. Cost comes in micros of the account's currency; conversion value is stored as
// revenue, so ROAS (revenue / cost) and cost per conversion are computed from the same rows.

export const googleAdsConnector: Connector = {
  historyMonths: 15,
  batchDays: 90,
  newBuffer: () => new RowBuffer(["campaign"], ["impressions", "clicks", "cost", "conversions", "revenue"]),
  async fetch({ auth, source, startDate, endDate, buffer }) {
    const customerId = requireSetting(source, "adsAccount").replace(/\D/g, "");
    const campaign = source.additional.adsCampaign;
    const onlyCampaign = typeof campaign === "string" && /^\d+$/.test(campaign) ? ` AND campaign.id = ${campaign}` : "";
    const rows = await searchStream(
      auth,
      customerId,
      `SELECT campaign.id, campaign.name, segments.date, metrics.impressions, metrics.clicks, metrics.cost_micros, ` +
        `metrics.conversions, metrics.conversions_value FROM campaign ` +
        `WHERE segments.date BETWEEN '${startDate}' AND '${endDate}'${onlyCampaign}`,
    );
    for (const row of rows) {
      const date = String(row.segments?.date ?? "");
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw googleMalformedError(`segments.date is not YYYY-MM-DD: ${date}`);
      const m = row.metrics ?? {};
      buffer.add(
        date,
        [String(row.campaign?.name ?? "")],
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

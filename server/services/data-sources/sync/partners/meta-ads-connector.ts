import "server-only";
import { readCampaignInsights } from "../../../../integrations/meta/insights";
import { partnerMalformed } from "../../../../integrations/partners/errors";
import { sourceAccessToken } from "../../../premium-sources/access-token";
import { RowBuffer } from "../row-buffer";
import type { PartnerConnector } from "./types";

// Meta Ads by campaign, day, platform (Facebook, Instagram, …, as the source dimension) and device
// (desktop, mobile: Meta's mobile app and mobile web are one device for the product, as analytics
// sources count them): impressions, link clicks (clicks), spend (cost, in the account's currency),
// purchases (conversions) and their value (revenue), so spend, CPC, CTR, CPA and ROAS come from the
// catalogue's ratios of the same rows. Reach counts people: it cannot be summed over days,
// campaigns or breakdowns, and is not imported. The first import reads the 37 months Insights keep,
// a quarter at a time (one async report run each); the daily sync re-reads the last 3 days, as
// Meta's attribution keeps settling.

const DEVICES: Record<string, string> = { desktop: "desktop", mobile_app: "mobile", mobile_web: "mobile" };

export const metaAdsConnector: PartnerConnector = {
  provider: "Meta",
  historyMonths: 37,
  batchDays: 92,
  newBuffer: () =>
    new RowBuffer(["campaign", "source", "device"], ["impressions", "clicks", "cost", "conversions", "revenue"]),
  async fetch({ source, startDate, endDate, buffer }) {
    const accountId = String(source.additional.adAccountId ?? "");
    if (!/^\d+$/.test(accountId)) throw partnerMalformed("Meta", `data source ${source.id} has no ad account`);
    const currency = String(source.additional.currency ?? "");
    const token = await sourceAccessToken(source, "meta");
    await readCampaignInsights(token, accountId, startDate, endDate, (row) => {
      // Money is in the account's currency, which the source was connected with.
      if (currency && row.currency && row.currency !== currency)
        throw partnerMalformed("Meta", `the account's currency changed from ${currency} to ${row.currency}`);
      buffer.add(
        row.date,
        [row.campaign, row.platform, DEVICES[row.device] ?? row.device],
        [row.impressions, row.linkClicks, row.spend, row.purchases, row.purchaseValue],
      );
    });
  },
};

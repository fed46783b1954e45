import "server-only";
import { fetchKeywordPositions } from "../../../../integrations/partners/semrush-position-tracking";
import { agencyPartnerKey } from "../../../partner-keys/partner-keys";
import { RowBuffer } from "../row-buffer";
import type { PartnerConnector } from "./types";

// Semrush Position Tracking: the tracked domain's Google position for each keyword by day. The
// position is stored weighted, like Search Console's, so it averages correctly at any grain: the
// weight is the keyword's estimated daily searches (monthly volume / 30, at least 1/30 so a
// keyword without volume keeps its position), stored as impressions.

const MIN_DAILY_SEARCHES = 1 / 30;

export const keywordConnector: PartnerConnector = {
  provider: "Semrush",
  historyMonths: 6,
  batchDays: 31,
  newBuffer: () => new RowBuffer(["keyword"], ["impressions", "position_weighted"]),
  async fetch({ source, startDate, endDate, buffer }) {
    const campaignId = String(source.additional.campaignId ?? "");
    const domain = String(source.additional.domain ?? "");
    const key = await agencyPartnerKey(source.agencyId, "semrush");
    await fetchKeywordPositions({ campaignId, urlMask: `*.${domain}/*`, startDate, endDate, key }, (rows) => {
      for (const row of rows) {
        const searches = Math.max(row.searchVolume / 30, MIN_DAILY_SEARCHES);
        buffer.add(row.date, [row.keyword], [searches, row.position * searches]);
      }
    });
  },
};

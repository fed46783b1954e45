import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "../../../../db/client";
import { dataSources } from "../../../../db/schema";
import { fetchKeywordPositions } from "../../../../integrations/partners/semrush-position-tracking";
import { fetchDailyVisits } from "../../../../integrations/partners/similarweb-visits";
import { agencyPartnerKey } from "../../../partner-keys/partner-keys";
import { RowBuffer } from "../row-buffer";
import type { PartnerConnector } from "./types";

// Similarweb: each competitor domain's estimated daily visits (desktop and mobile), stored as
// sessions with the domain as the source and "Competitor" as the channel. Reports leave competitor
// sources out of the client's own totals (load-project-data): these are someone else's visits.
//
// When the project also has a keyword partner source (Semrush Position Tracking), each
// competitor's positions on the campaign's keywords are read too (the competitor's URL mask on the
// same campaign) and stored like the client's (impressions = daily searches, position_weighted =
// position × searches) with the keyword beside the channel and source: the competitive analysis
// (server/insights/competition) compares them with the client's. Visits rows carry no keyword
// ("(not set)") and no searches; keyword rows no visits.

export const COMPETITOR_CHANNEL = "Competitor";
const MIN_DAILY_SEARCHES = 1 / 30;

export const competitorConnector: PartnerConnector = {
  provider: "Similarweb",
  // Similarweb's daily granularity reaches back about 3 months on most plans.
  historyMonths: 3,
  batchDays: 31,
  newBuffer: () => new RowBuffer(["channel", "source", "keyword"], ["sessions", "impressions", "position_weighted"]),
  async fetch({ source, startDate, endDate, buffer }) {
    const domains = Array.isArray(source.additional.competitors) ? (source.additional.competitors as string[]) : [];
    const key = await agencyPartnerKey(source.agencyId, "similarweb");
    for (const domain of domains) {
      for (const day of await fetchDailyVisits({ domain, startDate, endDate, key }))
        buffer.add(day.date, [COMPETITOR_CHANNEL, domain, ""], [day.visits, 0, 0]);
    }
    const [keywordSource] = await db()
      .select({ additional: dataSources.additional })
      .from(dataSources)
      .where(
        and(
          eq(dataSources.projectId, source.projectId),
          eq(dataSources.kind, "keyword_partner"),
          eq(dataSources.status, "active"),
        ),
      )
      .limit(1);
    const campaignId = String(keywordSource?.additional.campaignId ?? "");
    if (!campaignId) return;
    const semrushKey = await agencyPartnerKey(source.agencyId, "semrush");
    for (const domain of domains) {
      const input = { campaignId, urlMask: `*.${domain}/*`, startDate, endDate, key: semrushKey };
      await fetchKeywordPositions(input, (rows) => {
        for (const row of rows) {
          const searches = Math.max(row.searchVolume / 30, MIN_DAILY_SEARCHES);
          buffer.add(row.date, [COMPETITOR_CHANNEL, domain, row.keyword], [0, searches, row.position * searches]);
        }
      });
    }
  },
};

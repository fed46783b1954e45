import "server-only";
import { fetchDailyVisits } from "../../../../integrations/partners/similarweb-visits";
import { RowBuffer } from "../row-buffer";
import type { PartnerConnector } from "./types";

// Similarweb: each competitor domain's estimated daily visits (desktop and mobile), stored as
// sessions with the domain as the source and "Competitor" as the channel. Reports leave competitor
// sources out of the client's own totals (load-project-data): these are someone else's visits.

export const COMPETITOR_CHANNEL = "Competitor";

export const competitorConnector: PartnerConnector = {
  provider: "Similarweb",
  // Similarweb's daily granularity reaches back about 3 months on most plans.
  historyMonths: 3,
  batchDays: 31,
  newBuffer: () => new RowBuffer(["channel", "source"], ["sessions"]),
  async fetch({ source, startDate, endDate, buffer }) {
    const domains = Array.isArray(source.additional.competitors) ? (source.additional.competitors as string[]) : [];
    for (const domain of domains) {
      for (const day of await fetchDailyVisits({ domain, startDate, endDate }))
        buffer.add(day.date, [COMPETITOR_CHANNEL, domain], [day.visits]);
    }
  },
};

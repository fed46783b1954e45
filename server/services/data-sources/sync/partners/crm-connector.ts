import "server-only";
import { listDealStages, searchDeals } from "../../../../integrations/hubspot/deals";
import { sourceAccessToken } from "../../../premium-sources/access-token";
import { RowBuffer } from "../row-buffer";
import { projectDayWindow } from "./premium-window";
import type { PartnerConnector } from "./types";

// HubSpot deals by day in the project's time zone, by the deal's original source as the channel
// (HubSpot's hs_analytics_source, named like analytics' channel groups so the two line up):
// deals created on the day, and deals closed in a won stage of their pipeline on the day with their
// amount. Which stages are won comes from the pipelines' stage metadata (closed, probability 1).

const CHANNELS: Record<string, string> = {
  ORGANIC_SEARCH: "Organic Search",
  PAID_SEARCH: "Paid Search",
  EMAIL_MARKETING: "Email",
  SOCIAL_MEDIA: "Organic Social",
  PAID_SOCIAL: "Paid Social",
  REFERRALS: "Referral",
  DIRECT_TRAFFIC: "Direct",
  OTHER_CAMPAIGNS: "Other Campaigns",
  OFFLINE: "Offline Sources",
  AI_REFERRALS: "AI Referrals",
};
export const crmChannel = (source: string | null) => (source ? (CHANNELS[source] ?? source) : "(not set)");

export const crmConnector: PartnerConnector = {
  provider: "HubSpot",
  // Deals are CRM records, not a rolling report: a year back covers the comparisons reports make.
  historyMonths: 13,
  batchDays: 31,
  newBuffer: () => new RowBuffer(["channel"], ["deals_created", "deals_won", "won_value"]),
  async fetch({ source, startDate, endDate, buffer }) {
    const token = await sourceAccessToken(source, "hubspot");
    const window = await projectDayWindow(source.projectId, startDate, endDate);
    const won = new Set((await listDealStages(token)).filter((s) => s.won).map((s) => s.id));
    for (const deal of await searchDeals(token, "createdate", window.from, window.to)) {
      const day = window.dayOf(deal.createdAt);
      if (day) buffer.add(day, [crmChannel(deal.source)], [1, 0, 0]);
    }
    for (const deal of await searchDeals(token, "closedate", window.from, window.to)) {
      const day = window.dayOf(deal.closedAt);
      if (day && won.has(deal.stage)) buffer.add(day, [crmChannel(deal.source)], [0, 1, deal.amount]);
    }
  },
};

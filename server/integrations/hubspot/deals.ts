import "server-only";
import { premiumConfig } from "../premium/config";
import { malformed, premiumFetch } from "../premium/http";
import { PROVIDER } from "./oauth";

// HubSpot CRM API v3, deals:
// - GET  /crm/v3/pipelines/deals
//        -> { results: [{ id, label, stages: [{ id, label, metadata: { isClosed, probability } }] }] }
// - POST /crm/v3/objects/deals/search { filterGroups, properties, sorts, limit, after }
//        -> { total, results: [{ id, properties: {...} }], paging?: { next: { after } } }
// A won stage is a closed stage with probability 1 (HubSpot's "Closed won"), lost: closed at 0.

export interface DealStage {
  id: string;
  label: string;
  pipeline: string;
  won: boolean;
  closed: boolean;
}

export interface Deal {
  id: string;
  stage: string;
  amount: number;
  createdAt: string | null;
  closedAt: string | null;
  /** hs_analytics_source: ORGANIC_SEARCH, PAID_SEARCH, DIRECT_TRAFFIC, ... */
  source: string | null;
}

const SEARCH_PAGE = 100;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export async function listDealStages(accessToken: string): Promise<DealStage[]> {
  const { body } = await premiumFetch(PROVIDER, new URL("crm/v3/pipelines/deals", premiumConfig().HUBSPOT_API_URL), {
    headers: auth(accessToken),
  });
  const results = (body as { results?: unknown }).results;
  if (!Array.isArray(results)) throw malformed(PROVIDER, "pipelines answer without results");
  const stages: DealStage[] = [];
  for (const p of results as {
    id: string;
    stages?: { id: string; label: string; metadata?: Record<string, string> }[];
  }[])
    for (const s of p.stages ?? []) {
      const closed = String(s.metadata?.isClosed) === "true";
      stages.push({
        id: s.id,
        label: s.label,
        pipeline: p.id,
        closed,
        won: closed && Number(s.metadata?.probability) >= 1,
      });
    }
  return stages;
}

/**
 * Every deal whose `property` (createdate or closedate) falls in [from, to), page by page through
 * HubSpot's `after` cursor.
 */
export async function searchDeals(
  accessToken: string,
  property: "createdate" | "closedate",
  from: Date,
  to: Date,
): Promise<Deal[]> {
  const url = new URL("crm/v3/objects/deals/search", premiumConfig().HUBSPOT_API_URL);
  const deals: Deal[] = [];
  let after: string | undefined;
  for (let page = 0; page < 10_000; page++) {
    const { body } = await premiumFetch(PROVIDER, url, {
      method: "POST",
      headers: { ...auth(accessToken), "content-type": "application/json" },
      body: JSON.stringify({
        filterGroups: [
          {
            filters: [
              { propertyName: property, operator: "GTE", value: String(from.getTime()) },
              { propertyName: property, operator: "LT", value: String(to.getTime()) },
            ],
          },
        ],
        properties: ["dealstage", "pipeline", "amount", "createdate", "closedate", "hs_analytics_source"],
        sorts: [{ propertyName: property, direction: "ASCENDING" }],
        limit: SEARCH_PAGE,
        ...(after ? { after } : {}),
      }),
    });
    const answer = body as {
      results?: { id: string; properties?: Record<string, string | null> }[];
      paging?: { next?: { after?: string } };
    };
    if (!Array.isArray(answer.results)) throw malformed(PROVIDER, "deal search answer without results");
    for (const r of answer.results) {
      const p = r.properties ?? {};
      const amount = Number(p.amount ?? 0);
      deals.push({
        id: String(r.id),
        stage: String(p.dealstage ?? ""),
        amount: Number.isFinite(amount) ? amount : 0,
        createdAt: p.createdate ?? null,
        closedAt: p.closedate ?? null,
        source: p.hs_analytics_source ?? null,
      });
    }
    after = answer.paging?.next?.after;
    if (!after) return deals;
  }
  throw malformed(PROVIDER, "deal search did not end");
}

import "server-only";
import { FilterOperatorEnum } from "@hubspot/api-client/lib/codegen/crm/deals";
import { malformed } from "../premium/http";
import { hubspotCall, hubspotClient, PROVIDER } from "./client";

// HubSpot CRM API v3, deals, through the SDK's pipelines and deal search APIs:
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

export async function listDealStages(accessToken: string): Promise<DealStage[]> {
  const answer = await hubspotCall(() => hubspotClient(accessToken).crm.pipelines.pipelinesApi.getAll("deals"));
  if (!Array.isArray(answer.results)) throw malformed(PROVIDER, "pipelines answer without results");
  const stages: DealStage[] = [];
  for (const p of answer.results)
    for (const s of p.stages ?? []) {
      const metadata = s.metadata as Record<string, string> | undefined;
      const closed = String(metadata?.isClosed) === "true";
      stages.push({
        id: s.id,
        label: s.label,
        pipeline: p.id,
        closed,
        won: closed && Number(metadata?.probability) >= 1,
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
  const client = hubspotClient(accessToken);
  const deals: Deal[] = [];
  let after: string | undefined;
  for (let page = 0; page < 10_000; page++) {
    const answer = await hubspotCall(() =>
      client.crm.deals.searchApi.doSearch({
        filterGroups: [
          {
            filters: [
              { propertyName: property, operator: FilterOperatorEnum.Gte, value: String(from.getTime()) },
              { propertyName: property, operator: FilterOperatorEnum.Lt, value: String(to.getTime()) },
            ],
          },
        ],
        properties: ["dealstage", "pipeline", "amount", "createdate", "closedate", "hs_analytics_source"],
        // The search API takes sort objects; the SDK's model types them as strings and sends them as given.
        sorts: [{ propertyName: property, direction: "ASCENDING" } as unknown as string],
        limit: SEARCH_PAGE,
        ...(after ? { after } : {}),
      }),
    );
    if (!Array.isArray(answer.results)) throw malformed(PROVIDER, "deal search answer without results");
    for (const r of answer.results) {
      const p = (r.properties ?? {}) as Record<string, string | null>;
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

import { adsCampaignsParams, googleListQuery } from "@/lib/validation/google-data-sources";
import { parseQuery, parseWith } from "@/server/http/body";
import { withUser } from "@/server/http/route";
import { listAdsCampaigns } from "@/server/services/google-service/listings";

export const GET = withUser<{ id: string }>(async (ctx, http) =>
  listAdsCampaigns({
    ctx,
    input: { ...parseQuery(http.req, googleListQuery), customerId: parseWith(adsCampaignsParams, http.params).id },
  }),
);

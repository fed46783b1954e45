import { googleListQuery } from "@/lib/validation/google-data-sources";
import { parseQuery } from "@/server/http/body";
import { withUser } from "@/server/http/route";
import { listAnalyticsAccounts } from "@/server/services/google-service/listings";

export const GET = withUser(async (ctx, http) =>
  listAnalyticsAccounts({ ctx, input: parseQuery(http.req, googleListQuery) }),
);

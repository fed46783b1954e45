import { ga4PropertyQuery } from "@/lib/validation/google-data-sources";
import { parseQuery } from "@/server/http/body";
import { withUser } from "@/server/http/route";
import { listAnalytics4Audiences } from "@/server/services/google-service/listings";

export const GET = withUser(async (ctx, http) =>
  listAnalytics4Audiences({ ctx, input: parseQuery(http.req, ga4PropertyQuery) }),
);

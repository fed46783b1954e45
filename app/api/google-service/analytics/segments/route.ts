import { googleListQuery } from "@/lib/validation/google-data-sources";
import { parseQuery } from "@/server/http/body";
import { withUser } from "@/server/http/route";
import { listAnalyticsSegments } from "@/server/services/google-service/listings";

export const GET = withUser(async (ctx, http) =>
  listAnalyticsSegments({ ctx, input: parseQuery(http.req, googleListQuery) }),
);

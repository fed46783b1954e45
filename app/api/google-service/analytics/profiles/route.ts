import { uaProfilesQuery } from "@/lib/validation/google-data-sources";
import { parseQuery } from "@/server/http/body";
import { withUser } from "@/server/http/route";
import { listAnalyticsProfiles } from "@/server/services/google-service/listings";

export const GET = withUser(async (ctx, http) =>
  listAnalyticsProfiles({ ctx, input: parseQuery(http.req, uaProfilesQuery) }),
);

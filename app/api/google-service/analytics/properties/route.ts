import { uaPropertiesQuery } from "@/lib/validation/google-data-sources";
import { parseQuery } from "@/server/http/body";
import { withUser } from "@/server/http/route";
import { listAnalyticsProperties } from "@/server/services/google-service/listings";

export const GET = withUser(async (ctx, http) =>
  listAnalyticsProperties({ ctx, input: parseQuery(http.req, uaPropertiesQuery) }),
);

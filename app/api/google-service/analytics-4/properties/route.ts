import { ga4PropertiesQuery } from "@/lib/validation/google-data-sources";
import { parseQuery } from "@/server/http/body";
import { withUser } from "@/server/http/route";
import { listAnalytics4Properties } from "@/server/services/google-service/listings";

export const GET = withUser(async (ctx, http) =>
  listAnalytics4Properties({ ctx, input: parseQuery(http.req, ga4PropertiesQuery) }),
);

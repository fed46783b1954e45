import { ga4PropertyQuery } from "@/lib/validation/google-data-sources";
import { parseQuery } from "@/server/http/body";
import { withUser } from "@/server/http/route";
import { listAnalytics4ConversionEvents } from "@/server/services/google-service/listings";

export const GET = withUser(async (ctx, http) =>
  listAnalytics4ConversionEvents({ ctx, input: parseQuery(http.req, ga4PropertyQuery) }),
);
